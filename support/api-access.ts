/**
 * `support api …`: support lets a large seller use the API and issues their keys (infra/api-keys).
 * A new key's secret is written to a file only the caller can read, never to the terminal, so it
 * stays out of terminal scrollback and logs; support hands it over by a secure channel.
 */
import { writeFile } from 'node:fs/promises';
import { API_SCOPES } from '../domain/api-keys.js';
import { isDomainError } from '../domain/errors.js';
import { ApiKeys } from '../infra/api-keys/keys.js';
import { eventsCollection } from '../infra/live/events-collection.js';
import { createAccountNotices } from '../infra/notifications/account-notices.js';
import { createLogger } from '../infra/logger.js';
import { SecretVault } from '../infra/secrets/vault.js';
import { WebhookEndpoints } from '../infra/webhooks/endpoints.js';
import { tellKeyEndpointsRemoved } from '../infra/webhooks/key-removal-notices.js';
import type { SupportContext } from './connect.js';
import { CliError, EXIT, usageError } from './errors.js';
import { findSeller } from './seller.js';
import type { Flags } from './flags.js';
import { whoAndWhy } from './who.js';

export const API_USAGE = [
  '  api enable <seller>                       let the seller use the API (recorded with --by and --why)',
  '  api disable <seller>                      stop it: every key of the seller is refused at once, and the webhook',
  '                                            endpoints keys registered are removed (the seller is told of each)',
  `  api issue-key <seller> --name N --scopes ${API_SCOPES.join(',')} --out FILE`,
  '                                            issue a key with some of these scopes (webhooks: register, remove, re-key',
  '                                            webhook endpoints); its secret goes to FILE (mode 600), never to the screen',
  '  api keys <seller>                         the seller\'s keys (names, scopes, last use; never a secret)',
];

/** Records support's manual steps that have no process history of their own (issuing a key). */
export const SUPPORT_LOG_COLLECTION = 'support_log';

type Print = (json: unknown, text: string) => void;

export async function apiCommand(ctx: SupportContext, args: string[], flags: Flags, print: Print): Promise<number> {
  const [sub, who, ...extra] = args;
  if (!sub || !who || extra.length || !['enable', 'disable', 'issue-key', 'keys'].includes(sub)) throw usageError(['Usage:', ...API_USAGE].join('\n'));
  const db = ctx.db.db!;
  const seller = await findSeller(db, who);
  const events = await eventsCollection(ctx.db);
  const keys = await ApiKeys.open(db, { events });
  // The seller hears of access enabled or disabled and of every key issued: in-app and by mail, once per action.
  const tell = () => createAccountNotices({ db, events, logger: createLogger('support', 'warn', process.stderr) }, ctx.mail);
  try {
    if (sub === 'keys') {
      const list = await keys.listKeys(seller._id);
      const enabled = await keys.hasApiAccess(seller._id);
      print({ sellerId: seller._id, apiAccess: enabled, keys: list }, [
        `Seller ${seller._id}: API access ${enabled ? 'enabled' : 'not enabled'}, ${list.length} key(s)`,
        ...list.map((k) => `  ${k.prefix}  ${k.name}  [${k.scopes.join(', ')}]  last used ${k.lastUsedAt ?? 'never'}${k.revokedAt ? `  REVOKED ${k.revokedAt}` : ''}`),
      ].join('\n'));
      return EXIT.ok;
    }
    const { by, why } = whoAndWhy(flags);
    if (sub === 'enable' || sub === 'disable') {
      // Endpoints keys registered go with the access: after turning it off (keys refused first; until the
      // removal is done they receive nothing), and again before turning it on, so one a disable left behind
      // (it stopped half-way) never receives again. Each removal is told once, with the endpoint's URL.
      const endKeyEndpoints = async () => {
        const endpoints = await WebhookEndpoints.open(db, await SecretVault.open(db, ctx.secrets));
        await tellKeyEndpointsRemoved(await tell(), seller._id, await endpoints.removeMadeByKey(seller._id, 'every key', 'access_disabled'), 'access_disabled');
      };
      if (sub === 'enable') {
        if (!(await keys.hasApiAccess(seller._id))) await endKeyEndpoints();
        const enabled = await keys.enableApiAccess(seller._id, by, why);
        if (enabled) await (await tell())(seller._id, 'api_access_enabled', enabled.turnedOn);
      } else {
        const disabled = await keys.disableApiAccess(seller._id, by, why);
        if (disabled) await (await tell())(seller._id, 'api_access_disabled', disabled.turnedOff);
        await endKeyEndpoints();
      }
      print({ ok: true, sellerId: seller._id, apiAccess: sub === 'enable', by, why }, `API access ${sub}d for ${seller._id} (${seller.email}) by ${by}.`);
      return EXIT.ok;
    }
    const out = flags.out?.trim();
    if (!out) throw usageError('issue-key writes the key to a file: add --out FILE (the support tool never prints secrets).');
    const scopes = (flags.scopes ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const issued = await keys.issueKey(seller._id, { name: flags.name, scopes });
    try {
      // `wx`: never overwrite a file (another key, or something else) by mistake.
      await writeFile(out, `${issued.secret}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      await keys.revokeKey(seller._id, issued.key.keyId);
      throw new CliError(EXIT.usage, `Could not write ${out} (${(err as NodeJS.ErrnoException).code ?? 'error'}); the key was revoked, nothing was handed out.`);
    }
    await db.collection(SUPPORT_LOG_COLLECTION).insertOne({ at: new Date(), action: 'api.issue-key', sellerId: seller._id, keyId: issued.key.keyId, by, why });
    await (await tell())(seller._id, 'api_key_issued', `${issued.key.keyId}:r1`, { name: issued.key.name, prefix: issued.key.prefix }, Date.parse(issued.key.createdAt));
    print({ ok: true, sellerId: seller._id, key: issued.key, secretFile: out },
      `Key ${issued.key.prefix} "${issued.key.name}" [${issued.key.scopes.join(', ')}] issued for ${seller._id} by ${by}.\n`
      + `Its secret is in ${out} (readable by you only). It is shown nowhere else and cannot be read again: hand it to the seller by a secure channel, then delete the file.`);
    return EXIT.ok;
  } catch (err) {
    if (isDomainError(err)) {
      const fields = err.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      throw new CliError(err.kind === 'invalid' ? EXIT.usage : EXIT.refused, `Refused (${err.code}): ${fields || err.message}`);
    }
    throw err;
  }
}
