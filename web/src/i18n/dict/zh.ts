import core from './core/zh';
import home from './home/zh';
import faq from './faq/zh';
import rules from './rules/zh';
import terms from './terms/zh';
import privacy from './privacy/zh';
import player from './player/zh';
import account from './account/zh';
import comfort from './comfort/zh';
import apikeys from './apikeys/zh';
import webhooks from './webhooks/zh';
import notifications from './notifications/zh';
import withdraw from './withdraw/zh';
import type { Dict } from './en';

const zh: Dict = {
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

export default zh;
