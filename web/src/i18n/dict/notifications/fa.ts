import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/fa';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'اعلان‌ها',
  bellUnread_one: 'اعلان‌ها، {{count}} خوانده‌نشده',
  bellUnread_other: 'اعلان‌ها، {{count}} خوانده‌نشده',
  unreadSummary_one: 'خوانده‌نشده: {{count}}',
  unreadSummary_other: 'خوانده‌نشده: {{count}}',
  allCaughtUp: 'همه را خوانده‌اید',
  markAll: 'علامت‌گذاری همه به‌عنوان خوانده‌شده',
  allRead: 'همه اعلان‌ها خوانده‌شده علامت خوردند',
  empty: 'هنوز اعلانی نیست. هر وقت فروشی به شما نیاز داشته باشد یا پولی برسد، اینجا خبرتان می‌کنیم.',
  unreadMark: 'خوانده‌نشده',
  deadline: 'تا {{time}} اقدام کنید ({{left}})',
  resolved: {
    fixed: 'حل شد {{time}}: اصلاح شما رسید و فروش ادامه یافت',
    paid: 'حل شد {{time}}: مبلغ فروش پرداخت شد',
    cancelled: 'حل شد {{time}}: فروش لغو شد',
    expired: 'حل شد {{time}}: مهلت گذشت و فروش متوقف شد',
  },
  failed: 'انجام نشد، لطفاً دوباره تلاش کنید',
  codes: {
    NOTIFICATION_MANDATORY: 'اعلان‌های مربوط به پول و امنیت را نمی‌توان خاموش کرد',
    PUSH_SUBSCRIPTION_INVALID: 'این مرورگر اشتراک اعلان فوری‌ای داد که قابل استفاده نیست',
    PUSH_UNAVAILABLE: 'اعلان‌های فوری در این سایت در دسترس نیست',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'این مرورگر جزو مرورگرهای شما با اعلان فوری نیست',
  },
  prefs: {
    title: 'اعلان‌ها',
    intro: 'انتخاب کنید هر نوع خبر را چگونه به شما اطلاع دهیم.',
    kind: 'اعلان',
    email: 'ایمیل',
    inApp: 'داخل برنامه',
    push: 'اعلان فوری',
    always: 'همیشه ارسال می‌شود',
    mandatory: 'پیام‌های مربوط به پول و امنیت همیشه ارسال می‌شوند: با ایمیل، در برنامه و به‌صورت اعلان فوری به مرورگرهایی که اجازه داده‌اید.',
    save: 'ذخیره تنظیمات اعلان',
    saved: 'تنظیمات اعلان ذخیره شد',
  },
  push: {
    device: 'اعلان‌های فوری در این مرورگر',
    hint: 'حتی وقتی سایت بسته است روی این دستگاه نمایش داده می‌شوند، برای انواعی که «اعلان فوری» آن‌ها در زیر علامت خورده است.',
    turnedOn: 'اعلان‌های فوری در این مرورگر روشن است',
    turnedOff: 'اعلان‌های فوری در این مرورگر خاموش است',
    failed: 'روشن کردن اعلان‌های فوری در این مرورگر ممکن نشد. لطفاً دوباره تلاش کنید.',
    denied: 'این مرورگر اعلان‌های این سایت را مسدود می‌کند. آن‌ها را در تنظیمات سایت در مرورگر مجاز کنید، سپس اعلان فوری را اینجا روشن کنید.',
    unsupported: 'این مرورگر نمی‌تواند اعلان فوری نمایش دهد.',
    unavailable: 'اعلان‌های فوری در این سایت در دسترس نیست.',
    browsers: 'مرورگرهایی که اعلان فوری می‌گیرند',
    noBrowsers: 'هیچ مرورگری از این حساب اعلان فوری نمی‌گیرد.',
    browserOn: '{{browser}} روی {{os}}',
    unknownBrowser: 'مرورگر ناشناخته',
    thisBrowser: 'این مرورگر',
    added: 'افزوده شده',
    lastUsed: 'آخرین استفاده',
    neverUsed: 'هنوز نه',
    remove: 'حذف',
    removed: '{{name}} دیگر اعلان فوری نمی‌گیرد',
  },
  action_needed: {
    label: 'اقدام لازم',
  },
  reminder: {
    label: 'یادآوری پیش از مهلت',
  },
  transfer_completed: {
    label: 'انتقال کامل شد',
  },
  credited: {
    label: 'واریز پول',
  },
  payment_error: {
    label: 'خطاهای پرداخت',
  },
  withdrawal_paid: {
    label: 'برداشت پرداخت شد',
  },
  withdrawal_failed: {
    label: 'برداشت ناموفق',
  },
  withdrawal_delayed: {
    label: 'تأخیر در برداشت',
  },
  api_access_enabled: {
    label: 'دسترسی API فعال شد',
  },
  api_key_issued: {
    label: 'کلید API جدید',
  },
  api_access_disabled: {
    label: 'غیرفعال شدن دسترسی API',
  },
  api_key_revoked: {
    label: 'لغو کلید API',
  },
  waiting_support: {
    label: 'در انتظار پشتیبانی',
    resolved: 'حل شد {{time}}: پشتیبانی مشکل را برطرف کرد و فروش ادامه یافت',
    contact: 'تماس با پشتیبانی',
  },
  funds_available: {
    label: 'پول در دسترس',
  },
  payout_details_changed: {
    label: 'اطلاعات دریافت پول تغییر کرد',
  },
};

export default notifications;
