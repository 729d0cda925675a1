import core from './core/pt';
import home from './home/pt';
import faq from './faq/pt';
import rules from './rules/pt';
import terms from './terms/pt';
import privacy from './privacy/pt';
import player from './player/pt';
import account from './account/pt';
import comfort from './comfort/pt';
import apikeys from './apikeys/pt';
import webhooks from './webhooks/pt';
import notifications from './notifications/pt';
import withdraw from './withdraw/pt';
import type { Dict } from './en';

const pt: Dict = {
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

export default pt;
