import type { NotificationsDict } from './en';
import texts from '../../../../../domain/notification-texts/ar';
import { nestedTexts } from '../../../../../domain/notification-texts/nested';

const notifications: NotificationsDict = {
  /** The title and body of every notification code, from the one source mails and push use too. */
  say: nestedTexts(texts),
  bell: 'الإشعارات',
  bellUnread_zero: 'الإشعارات، لا إشعارات غير مقروءة',
  bellUnread_one: 'الإشعارات، إشعار واحد غير مقروء',
  bellUnread_two: 'الإشعارات، إشعاران غير مقروءين',
  bellUnread_few: 'الإشعارات، {{count}} إشعارات غير مقروءة',
  bellUnread_many: 'الإشعارات، {{count}} إشعارًا غير مقروء',
  bellUnread_other: 'الإشعارات، {{count}} إشعار غير مقروء',
  unreadSummary_zero: 'لا إشعارات غير مقروءة',
  unreadSummary_one: 'إشعار واحد غير مقروء',
  unreadSummary_two: 'إشعاران غير مقروءين',
  unreadSummary_few: '{{count}} إشعارات غير مقروءة',
  unreadSummary_many: '{{count}} إشعارًا غير مقروء',
  unreadSummary_other: '{{count}} إشعار غير مقروء',
  allCaughtUp: 'لقد قرأت كل شيء',
  markAll: 'تعليم الكل كمقروء',
  allRead: 'تم تعليم كل الإشعارات كمقروءة',
  empty: 'لا توجد إشعارات بعد. نخبرك هنا عندما تحتاجك عملية بيع أو عندما يصل مال.',
  unreadMark: 'غير مقروء',
  deadline: 'تصرّف قبل {{time}} ({{left}})',
  resolved: {
    fixed: 'تمّت المعالجة {{time}}: وصل تصحيحك واستمرّ البيع',
    paid: 'تمّت المعالجة {{time}}: دُفع ثمن البيع',
    cancelled: 'تمّت المعالجة {{time}}: أُلغي البيع',
    expired: 'تمّت المعالجة {{time}}: انقضى الموعد النهائي وأُوقف البيع',
  },
  failed: 'لم تنجح العملية، يرجى المحاولة مرة أخرى',
  codes: {
    NOTIFICATION_MANDATORY: 'لا يمكن إيقاف إشعارات المال والأمان',
    PUSH_SUBSCRIPTION_INVALID: 'قدّم هذا المتصفح اشتراكًا للإشعارات الفورية لا يمكن استخدامه',
    PUSH_UNAVAILABLE: 'الإشعارات الفورية غير متاحة على هذا الموقع',
    PUSH_SUBSCRIPTION_NOT_FOUND: 'هذا المتصفح ليس من متصفحاتك التي تتلقى الإشعارات الفورية',
  },
  prefs: {
    title: 'الإشعارات',
    intro: 'اختر كيف نخبرك بكل نوع من الأخبار.',
    kind: 'الإشعار',
    email: 'البريد الإلكتروني',
    inApp: 'داخل التطبيق',
    push: 'إشعار فوري',
    always: 'يُرسل دائمًا',
    mandatory: 'رسائل المال والأمان تُرسل دائمًا: بالبريد الإلكتروني وداخل التطبيق وكإشعارات فورية إلى المتصفحات التي سمحت لها.',
    save: 'حفظ إعدادات الإشعارات',
    saved: 'تم حفظ إعدادات الإشعارات',
  },
  push: {
    device: 'الإشعارات الفورية في هذا المتصفح',
    hint: 'تظهر على هذا الجهاز حتى عندما يكون الموقع مغلقًا، للأنواع المحدد لها «إشعار فوري» أدناه.',
    turnedOn: 'الإشعارات الفورية مفعّلة في هذا المتصفح',
    turnedOff: 'الإشعارات الفورية متوقفة في هذا المتصفح',
    failed: 'تعذّر تفعيل الإشعارات الفورية في هذا المتصفح. يرجى المحاولة مرة أخرى.',
    denied: 'هذا المتصفح يحظر الإشعارات من هذا الموقع. اسمح بها في إعدادات الموقع في المتصفح، ثم فعّل الإشعارات الفورية هنا.',
    unsupported: 'لا يستطيع هذا المتصفح عرض الإشعارات الفورية.',
    unavailable: 'الإشعارات الفورية غير متاحة على هذا الموقع.',
    browsers: 'المتصفحات التي تتلقى الإشعارات الفورية',
    noBrowsers: 'لا يتلقى أي متصفح إشعارات فورية من هذا الحساب.',
    browserOn: '{{browser}} على {{os}}',
    unknownBrowser: 'متصفح غير معروف',
    thisBrowser: 'هذا المتصفح',
    added: 'أُضيف',
    lastUsed: 'آخر استخدام',
    neverUsed: 'ليس بعد',
    remove: 'إزالة',
    removed: 'لم يعد {{name}} يتلقى الإشعارات الفورية',
  },
  action_needed: {
    label: 'إجراء مطلوب',
  },
  reminder: {
    label: 'تذكيرات قبل موعد نهائي',
  },
  transfer_completed: {
    label: 'اكتمل التحويل',
  },
  credited: {
    label: 'إضافة المال',
  },
  payment_error: {
    label: 'أخطاء الدفع',
  },
  withdrawal_paid: {
    label: 'تم دفع السحب',
  },
  withdrawal_failed: {
    label: 'فشل السحب',
  },
  withdrawal_delayed: {
    label: 'تأخر السحب',
  },
  api_access_enabled: {
    label: 'تفعيل الوصول إلى الواجهة البرمجية',
  },
  api_key_issued: {
    label: 'مفتاح API جديد',
  },
  api_access_disabled: {
    label: 'إيقاف الوصول عبر API',
  },
  api_key_revoked: {
    label: 'إلغاء مفتاح API',
  },
  waiting_support: {
    label: 'بانتظار الدعم',
    resolved: 'تم الحل {{time}}: عالج الدعم المشكلة واستمرت عملية البيع',
    contact: 'تواصل مع الدعم',
  },
  funds_available: {
    label: 'المبلغ متاح',
  },
  payout_details_changed: {
    label: 'تغيير بيانات الدفع',
  },
};

export default notifications;
