import core from './core/fa';
import home from './home/fa';
import faq from './faq/fa';
import rules from './rules/fa';
import terms from './terms/fa';
import privacy from './privacy/fa';
import player from './player/fa';
import account from './account/fa';
import comfort from './comfort/fa';
import apikeys from './apikeys/fa';
import webhooks from './webhooks/fa';
import notifications from './notifications/fa';
import withdraw from './withdraw/fa';
import type { Dict } from './en';

const fa: Dict = {
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

export default fa;
