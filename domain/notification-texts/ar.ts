/**
 * The words of every notification in ar: one source for mails, push messages and the web app's
 * bell and notifications page (domain/notification-texts.ts, web/src/lib/notifications.ts).
 * `{param}` placeholders, filled by fillNotificationText (./fill.ts). Pure.
 */
import { inSentence } from '../product-names.js';
import { supportTexts, type Texts } from './support.js';

/** The comfort trade's name inside sentences, as the pages write it (domain/product-names.ts). */
const C = inSentence('ar', 'comfortTrade');

const NOT_YOU = 'إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم.';
const NOT_YOU_SECRET = 'إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم؛ وعند تسجيل الخروج من كل الأجهزة اختر إلغاء مفاتيح API وإزالة الـ webhooks.';
const kinds: Texts = {
  'action_needed.title': 'مطلوب إجراء: عملية البيع بانتظارك',
  'action_needed.wrong_backup_codes': `توقفت عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}: رموز النسخ الاحتياطي غير صحيحة أو منتهية. أعد الإرسال مع 6 رموز جديدة قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.no_login_verification': `توقفت عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}: التحقق من تسجيل الدخول غير مفعّل. فعّله واحصل على 6 رموز نسخ احتياطي جديدة، ثم أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.wrong_password': `توقفت عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}: لم تقبل اللعبة الحساب وكلمة المرور. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.wrong_gauth': `توقفت عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}: مفتاح المصادقة (authSecret) خاطئ. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.generic': `تحتاج عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}} إلى بيانات دخول جديدة. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.purchase': 'اشترِ {player} في اللعبة وأكّد «تم شراء اللاعب» قبل {deadline}.',
  'reminder.title': 'تذكير: عملية البيع ما زالت بانتظارك',
  'transfer_completed.title': 'اكتمل التحويل',
  'transfer_completed.body': 'تم تحويل {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}. يمكنك تسجيل الدخول إلى حساب اللعبة مجددًا؛ قد يبقى باقٍ أقل عادةً من 50 ألف عملة ويُباع لاحقًا.',
  'credited.title': 'تمت إضافة الدخل',
  'credited.body': `تمت إضافة {amount} من عملية ${C}. المبلغ قيد المراجعة ويصبح متاحًا في {availableAt}.`,
  'credited.purchase': 'تمت إضافة {amount} مقابل {player}. يصبح متاحًا في {availableAt}.',
  'payment_error.title': 'خطأ في الدفع',
  'payment_error.body': `لا يمكننا الدفع لعملية ${C}: بيانات الدفع ناقصة أو غير صالحة. احفظ طريقة دفع وعنوانًا صالحين في الإعدادات: تُعاد محاولة الدفع فورًا.`,
  'withdrawal_paid.title': 'تم دفع السحب',
  'withdrawal_paid.body': 'تم دفع طلب السحب بقيمة {amount} إلى {method}.',
  'withdrawal_failed.title': 'فشل السحب',
  'withdrawal_failed.body': 'فشل طلب السحب بقيمة {amount} إلى {method}؛ عاد المبلغ إلى رصيدك المتاح.',
  'withdrawal_failed.refused': 'رُفض طلب السحب بقيمة {amount}: رصيدك المتاح غير كافٍ. لم يُنقل أي مبلغ.',
  'withdrawal_delayed.title': 'تأخر السحب',
  'withdrawal_delayed.body': 'يستغرق طلب السحب بقيمة {amount} إلى {method} وقتًا أطول من المعتاد. تم إبلاغ الدعم وهو يتابعه.',
  'api_access_enabled.title': 'تم تفعيل الوصول عبر API',
  'api_access_enabled.body': `تم تفعيل الوصول عبر API لحسابك. ${NOT_YOU}`,
  'api_key_issued.title': 'تم إصدار سر جديد',
  'api_key_issued.body': `تم إصدار مفتاح API باسم "{name}" ({prefix}_…) لحسابك؛ يسلّمك الدعم سرّه مرة واحدة. ${NOT_YOU_SECRET}`,
  'api_key_issued.rotated': `تم تدوير مفتاح API باسم "{name}" ({prefix}_…): عُرض سرّه الجديد مرة واحدة وتوقف السر القديم عن العمل. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_registered': `تم تسجيل نقطة webhook للعنوان {url}؛ عُرض سر التوقيع الخاص بها مرة واحدة. ${NOT_YOU_SECRET}`,
  'api_key_issued.webhook_rotated': `تم تدوير سر التوقيع لنقطة webhook ‏{url}؛ عُرض السر الجديد مرة واحدة. ${NOT_YOU_SECRET}`,
  'api_access_disabled.title': 'تم إيقاف الوصول عبر API',
  'api_access_disabled.body': 'أوقف الدعم الوصول عبر API لحسابك: تُرفض كل مفاتيح API الخاصة بك من الآن. إذا لم تكن تتوقع ذلك، تواصل مع الدعم.',
  'api_key_revoked.title': 'تم إلغاء مفتاح API',
  'api_key_revoked.body': `تم إلغاء مفتاح API باسم "{name}" ({prefix}_…): يُرفض من الآن. ${NOT_YOU}`,
  'api_key_revoked.webhook_removed': 'تمت إزالة نقطة webhook ‏{url}: أُلغي مفتاح API باسم "{name}" ({prefix}_…) الذي سجّلها، فلن يُرسل إليها شيء بعد الآن. سجّلها من جديد في الإعدادات إن كنت لا تزال تحتاجها.',
  'api_key_revoked.webhook_removed_rotated': 'تمت إزالة نقطة webhook ‏{url}: تم تدوير مفتاح API باسم "{name}" ({prefix}_…) الذي سجّلها، فلن يُرسل إليها شيء بعد الآن. سجّلها من جديد إن كنت لا تزال تحتاجها.',
  'api_key_revoked.webhook_removed_access_off': 'تمت إزالة نقطة webhook ‏{url}: سُجّلت بمفتاح API وأُوقف الوصول عبر API لحسابك، فلن يُرسل إليها شيء بعد الآن.',
  'payout_details_changed.title': 'تم تغيير بيانات الدفع',
  'payout_details_changed.body': 'تم تغيير طريقة الدفع في حسابك إلى {method} ({address}). إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم: السحوبات تذهب إلى هذا العنوان.',
  'payout_details_changed.payoneer_bound': `تم ربط حسابك بحساب Payoneer ‏{account}: كل دفعة عبر Payoneer تذهب إليه. ${NOT_YOU}`,
  'payout_details_changed.payoneer_removed': `تمت إزالة حساب Payoneer المرتبط بحسابك: تتوقف دفعات Payoneer حتى تربط حسابًا جديدًا. ${NOT_YOU}`,
};

const texts: Texts = {
  ...kinds,
  ...supportTexts({
  title: 'عملية البيع بانتظار الدعم',
  stopped: `توقفت عملية ${C} لـ {coins, plural, zero {# عملة} one {عملة واحدة} two {عملتين} few {# عملات} many {# عملة} other {# عملة}}: {what}.`,
  what: {
    customer_online: 'هناك من سجّل الدخول إلى حساب اللعبة (على جهاز الألعاب أو تطبيق الويب)',
    captcha: 'تطلب اللعبة حل اختبار captcha',
    wrong_platform: 'حساب اللعبة ليس على المنصة التي اخترتها',
    no_club: 'حساب اللعبة ليس لديه نادٍ',
    tradepile_full: 'قائمة التحويل (tradepile) ممتلئة',
    market_locked: 'حساب اللعبة لا يملك الوصول إلى سوق الانتقالات',
    retries_exhausted: 'تعذّر إكمال التحويل بعد عدة محاولات',
    generic: 'لا يحل سبب التوقف إلا الدعم',
  },
  may: {
    customer_online: 'يمكنك تسجيل الخروج من اللعبة في كل مكان.',
    captcha: 'يمكنك تسجيل الدخول إلى تطبيق الويب الخاص باللعبة مرة واحدة وحل اختبار captcha.',
    wrong_platform: 'يلغي الدعم العملية؛ ثم يمكنك إرسالها مجددًا بالمنصة الصحيحة.',
    tradepile_full: 'يمكنك إفراغ قائمة التحويل في اللعبة.',
  },
  nextAfter: 'لا يلزمك شيء آخر: تم إبلاغ الدعم وسيستأنف العملية، ثم يستمر التحويل تلقائيًا.',
  nextNothing: 'لا يلزمك فعل أي شيء: تم إبلاغ الدعم وسيستأنف العملية، ثم يستمر التحويل تلقائيًا.',
  purchase: 'تعذّر علينا تأكيد شرائك لـ {player} مع اللعبة بعد عدة محاولات. لا يلزمك فعل أي شيء: يتحقق الدعم منه ويضيفه إلى رصيدك إن تم الشراء.',
  fundsTitle: 'المبلغ متاح',
  funds: `أصبح {amount} من عملية ${C} في رصيدك المتاح. يمكنك سحبه الآن.`,
  fundsPurchase: 'أصبح {amount} مقابل {player} في رصيدك المتاح. يمكنك سحبه الآن.',
  }),
};

/** The lines only mails use (infra/notifications/mail.ts): the web's notification texts leave them out. */
export const mailTexts: Texts = {
  'mail.open': 'افتح في CoinMarket',
  'mail.deadline': 'الموعد النهائي: {deadline}',
  'mail.changed_at': 'الوقت: {changedAt}',
  'mail.account': 'حساب اللعبة: {account}',
  'mail.account_batch': 'حساب اللعبة: {account} (السطر {batchLine} من ملف الدفعة)',
  'mail.footer': 'تصلك هذه الرسالة بسبب حسابك في CoinMarket. اختر الإشعارات التي تصلك من الإعدادات.',
  'mail.support': 'جهات اتصال الدعم: {support}',
  'mail.support_email': 'البريد الإلكتروني',
};

export default texts;
