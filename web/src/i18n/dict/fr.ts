import core from './core/fr';
import home from './home/fr';
import faq from './faq/fr';
import rules from './rules/fr';
import terms from './terms/fr';
import privacy from './privacy/fr';
import player from './player/fr';
import account from './account/fr';
import comfort from './comfort/fr';
import apikeys from './apikeys/fr';
import webhooks from './webhooks/fr';
import notifications from './notifications/fr';
import withdraw from './withdraw/fr';
import type { Dict } from './en';

const fr: Dict = {
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

export default fr;
