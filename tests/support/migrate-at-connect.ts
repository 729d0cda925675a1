/** Each test file's process runs the migration once per database it opens (MONGODB_MIGRATE_AT_CONNECT; production: the migrate step). */
import { useMigrateAtConnect } from '../../infra/migrate.js';

useMigrateAtConnect();
