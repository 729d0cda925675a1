/**
 * The words of every notification in fa: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('fa', 'comfortTrade');

const NOT_YOU = 'اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید.';
const NOT_YOU_SECRET = 'اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید؛ هنگام خروج از همه دستگاه‌ها، لغو کلیدهای API و حذف webhookها را انتخاب کنید.';
const kinds: Texts = {
  'action_needed.title': 'اقدام لازم است: فروش شما منتظر شماست',
  'action_needed.wrong_backup_codes': `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} متوقف شد: کدهای پشتیبان نادرست یا منقضی بودند. تا {deadline} با ۶ کد پشتیبان جدید دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.no_login_verification': `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} متوقف شد: تأیید ورود خاموش است. آن را روشن کنید، ۶ کد پشتیبان جدید بگیرید و تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.wrong_password': `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} متوقف شد: بازی حساب و رمز عبور را نپذیرفت. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.wrong_gauth': `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} متوقف شد: authSecret (کلید احراز هویت) اشتباه است. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.generic': `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} به اطلاعات ورود جدید نیاز دارد. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.purchase': '{player} را در بازی بخرید و تا {deadline} «بازیکن خریداری شد» را تأیید کنید.',
  'reminder.title': 'یادآوری: فروش شما هنوز منتظر شماست',
  'transfer_completed.title': 'انتقال کامل شد',
  'transfer_completed.body': '{coins, plural, one {# سکه} other {# سکه}} منتقل شد. اکنون می‌توانید دوباره وارد حساب بازی شوید؛ ممکن است باقی‌مانده‌ای معمولاً کمتر از ۵۰ هزار سکه بماند و بعداً فروخته شود.',
  'credited.title': 'درآمد واریز شد',
  'credited.body': `{amount} از ${C} شما واریز شد. این مبلغ در حال بررسی است و از {availableAt} در دسترس خواهد بود.`,
  'credited.purchase': '{amount} برای {player} واریز شد. از {availableAt} در دسترس خواهد بود.',
  'payment_error.title': 'خطای پرداخت',
  'payment_error.body': `نمی‌توانیم مبلغ ${C} شما را پرداخت کنیم: اطلاعات پرداخت شما ناقص یا نامعتبر است. یک روش پرداخت و نشانی معتبر را در تنظیمات ذخیره کنید: پرداخت بی‌درنگ دوباره انجام می‌شود.`,
  'withdrawal_paid.title': 'برداشت پرداخت شد',
  'withdrawal_paid.body': 'برداشت شما به مبلغ {amount} به {method} پرداخت شد.',
  'withdrawal_failed.title': 'برداشت ناموفق بود',
  'withdrawal_failed.body': 'برداشت شما به مبلغ {amount} به {method} ناموفق بود؛ پول به موجودی در دسترس شما بازگشت.',
  'withdrawal_failed.refused': 'برداشت شما به مبلغ {amount} رد شد: موجودی در دسترس کافی نبود. هیچ مبلغی جابه‌جا نشد.',
  'withdrawal_delayed.title': 'برداشت با تأخیر',
  'withdrawal_delayed.body': 'برداشت شما به مبلغ {amount} به {method} بیش از معمول طول می‌کشد. به پشتیبانی اطلاع داده شده و در حال پیگیری است.',
  'api_access_enabled.title': 'دسترسی API فعال شد',
  'api_access_enabled.body': `دسترسی API برای حساب شما فعال شد. ${NOT_YOU}`,
  'api_key_issued.title': 'یک رمز جدید صادر شد',
  'api_key_issued.body': `کلید API با نام «{name}» ({prefix}_…) برای حساب شما صادر شد؛ پشتیبانی رمز آن را یک بار به شما می‌دهد. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `کلید API با نام «{name}» ({prefix}_…) تعویض شد: رمز جدید آن یک بار نمایش داده شد و رمز قبلی دیگر کار نمی‌کند. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `یک نقطه webhook برای {url} ثبت شد؛ رمز امضای آن یک بار نمایش داده شد. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `رمز امضای نقطه webhook ‏{url} تعویض شد؛ رمز جدید یک بار نمایش داده شد. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'دسترسی API غیرفعال شد',
  'api_access_disabled.body': 'پشتیبانی دسترسی API حساب شما را غیرفعال کرد: از این پس همه کلیدهای API شما رد می‌شوند. اگر انتظار این را نداشتید، با پشتیبانی تماس بگیرید.',
  'api_key_revoked.title': 'یک کلید API لغو شد',
  'api_key_revoked.body': `کلید API با نام «{name}» ({prefix}_…) لغو شد: از این پس پذیرفته نمی‌شود. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'نقطه webhook ‏{url} حذف شد: کلید API با نام «{name}» ({prefix}_…) که آن را ثبت کرده بود لغو شد، پس دیگر چیزی به آن فرستاده نمی‌شود. اگر هنوز به آن نیاز دارید، دوباره در تنظیمات ثبتش کنید.',
  'api_key_revoked.webhook_removed_rotated': 'نقطه webhook ‏{url} حذف شد: کلید API با نام «{name}» ({prefix}_…) که آن را ثبت کرده بود تعویض شد، پس دیگر چیزی به آن فرستاده نمی‌شود. اگر هنوز به آن نیاز دارید، دوباره ثبتش کنید.',
  'api_key_revoked.webhook_removed_access_off': 'نقطه webhook ‏{url} حذف شد: با یک کلید API ثبت شده بود و دسترسی API حساب شما خاموش شد، پس دیگر چیزی به آن فرستاده نمی‌شود.',
  'payout_details_changed.title': 'اطلاعات پرداخت شما تغییر کرد',
  'payout_details_changed.body': 'روش پرداخت حساب شما به {method} ({address}) تغییر کرد. اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید: برداشت‌ها به این نشانی می‌روند.',
  'payout_details_changed.payoneer_bound': `حساب شما به حساب Payoneer ‏{account} متصل شد: همه پرداخت‌های Payoneer به آن می‌رود. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `حساب Payoneer متصل به حساب شما حذف شد: پرداخت‌های Payoneer تا اتصال حساب جدید متوقف می‌شوند. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'فروش شما منتظر پشتیبانی است',
  stopped: `${C} شما برای {coins, plural, one {# سکه} other {# سکه}} متوقف شد: {what}.`,
  what: {
    customer_online: 'کسی وارد حساب بازی شده است (کنسول یا وب‌اپ)',
    captcha: 'بازی یک captcha می‌خواهد',
    wrong_platform: 'حساب بازی روی پلتفرمی که انتخاب کردید نیست',
    no_club: 'حساب بازی باشگاه ندارد',
    tradepile_full: 'فهرست انتقال (tradepile) پر است',
    market_locked: 'حساب بازی به بازار نقل‌وانتقالات دسترسی ندارد',
    retries_exhausted: 'انتقال پس از چند بار تلاش کامل نشد',
    generic: 'فقط پشتیبانی می‌تواند علت توقف را برطرف کند',
  },
  may: {
    customer_online: 'می‌توانید از همه‌جا از بازی خارج شوید.',
    captcha: 'می‌توانید یک بار وارد وب‌اپ بازی شوید و captcha را حل کنید.',
    wrong_platform: 'پشتیبانی آن را لغو می‌کند؛ سپس می‌توانید آن را با پلتفرم درست دوباره ارسال کنید.',
    tradepile_full: 'می‌توانید فهرست انتقال را در بازی خالی کنید.',
  },
  nextAfter: 'کار دیگری از شما لازم نیست: به پشتیبانی اطلاع داده شده و عملیات را از سر می‌گیرد، سپس انتقال خودبه‌خود ادامه می‌یابد.',
  nextNothing: 'لازم نیست کاری انجام دهید: به پشتیبانی اطلاع داده شده و عملیات را از سر می‌گیرد، سپس انتقال خودبه‌خود ادامه می‌یابد.',
  purchase: 'نتوانستیم خرید {player} را پس از چند بار تلاش نزد بازی تأیید کنیم. لازم نیست کاری انجام دهید: پشتیبانی آن را بررسی می‌کند و اگر خریداری شده باشد واریز می‌کند.',
  fundsTitle: 'پول در دسترس است',
  funds: `{amount} از ${C} شما اکنون در موجودی در دسترس شماست. همین حالا می‌توانید آن را برداشت کنید.`,
  fundsPurchase: '{amount} برای {player} اکنون در موجودی در دسترس شماست. همین حالا می‌توانید آن را برداشت کنید.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'باز کردن در CoinMarket',
  'mail.deadline': 'مهلت: {deadline}',
  'mail.changed_at': 'زمان: {changedAt}',
  'mail.account': 'حساب بازی: {account}',
  'mail.account_batch': 'حساب بازی: {account} (سطر {batchLine} از فایل دسته‌ای شما)',
  'mail.footer': 'این ایمیل به خاطر حساب CoinMarket شما ارسال شده است. اعلان‌های دلخواه را در تنظیمات انتخاب کنید.',
  'mail.support': 'راه‌های تماس با پشتیبانی: {support}',
  'mail.support_email': 'ایمیل',
};

export default texts;
