import core from './core/es';
import home from './home/es';
import faq from './faq/es';
import rules from './rules/es';
import terms from './terms/es';
import privacy from './privacy/es';
import player from './player/es';
import account from './account/es';
import comfort from './comfort/es';
import apikeys from './apikeys/es';
import webhooks from './webhooks/es';
import notifications from './notifications/es';
import withdraw from './withdraw/es';
import type { Dict } from './en';

const es: Dict = {
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

export default es;
