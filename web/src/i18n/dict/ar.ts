import core from './core/ar';
import home from './home/ar';
import faq from './faq/ar';
import rules from './rules/ar';
import terms from './terms/ar';
import privacy from './privacy/ar';
import player from './player/ar';
import account from './account/ar';
import comfort from './comfort/ar';
import apikeys from './apikeys/ar';
import webhooks from './webhooks/ar';
import notifications from './notifications/ar';
import withdraw from './withdraw/ar';
import type { Dict } from './en';

const ar: Dict = {
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

export default ar;
