import core from './core/de';
import home from './home/de';
import faq from './faq/de';
import rules from './rules/de';
import terms from './terms/de';
import privacy from './privacy/de';
import player from './player/de';
import account from './account/de';
import comfort from './comfort/de';
import apikeys from './apikeys/de';
import webhooks from './webhooks/de';
import notifications from './notifications/de';
import withdraw from './withdraw/de';
import type { Dict } from './en';

const de: Dict = {
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

export default de;
