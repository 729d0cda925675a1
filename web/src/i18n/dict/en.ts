import type { Translation } from '../plural-keys';
import core from './core/en';
import home from './home/en';
import faq from './faq/en';
import rules from './rules/en';
import terms from './terms/en';
import privacy from './privacy/en';
import player from './player/en';
import account from './account/en';
import comfort from './comfort/en';
import apikeys from './apikeys/en';
import webhooks from './webhooks/en';
import notifications from './notifications/en';
import withdraw from './withdraw/en';

/**
 * English, the default language and the reference shape for every other dictionary: every part
 * together (tests and types). The app loads the parts separately: core before the first render,
 * the others with the pages that show them (web/src/routes.ts).
 */
const en = {
  ...core,
  home,
  faq,
  rules,
  terms,
  privacy,
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default en;
/** The shape every dictionary must have. */
export type Dict = Translation<typeof en>;
