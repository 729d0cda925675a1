/**
 * The words of every notification in the eight languages of the web app: a title code and a body
 * code per notification (domain/notifications.ts) with `{param}` placeholders. The worker renders
 * mails from them in the seller's stored language; the web app may render its list from them or
 * from its own dictionaries by the same codes. Params: `*Cents` read as euros (`amountCents` fills
 * `{amount}`), `deadline` and `*At` as a UTC time, other numbers in the language's digits. Pure.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './client-config.js';
import type { NotificationParams } from './notifications.js';
import { METHOD_LABELS } from './payment-method-labels.js';
import { promiseValues } from './timing-promises.js';
import { inSentence } from './product-names.js';
import { SUPPORT_NOTIFICATION_TEXTS as S } from './notification-texts-support.js';

/** The comfort trade's name inside sentences of each language, as the pages write it (domain/product-names.ts). */
const C = Object.fromEntries(LANGUAGES.map((l) => [l, inSentence(l, 'comfortTrade')])) as Record<LanguageCode, string>;

type Texts = Readonly<Record<string, string>>;

const NOT_YOU_EN = 'If you did not do this, change your password at once and contact support.';
const NOT_YOU_SECRET_EN = 'If you did not do this, change your password at once and contact support; when you log out everywhere, choose to revoke API keys and remove webhooks.';

const en: Texts = {
  'action_needed.title': 'Action needed: your sale is waiting for you',
  'action_needed.wrong_backup_codes': `Your ${C.en} of {coins} coins stopped: the backup codes were incorrect or expired. Resubmit with 6 new backup codes by {deadline}, or the run closes.`,
  'action_needed.no_login_verification': `Your ${C.en} of {coins} coins stopped: login verification is off. Enable login verification, get 6 new backup codes, then resubmit by {deadline}, or the run closes.`,
  'action_needed.wrong_password': `Your ${C.en} of {coins} coins stopped: the game did not accept the account and password. Resubmit by {deadline}, or the run closes.`,
  'action_needed.wrong_gauth': `Your ${C.en} of {coins} coins stopped: the authSecret (authenticator key) is wrong. Resubmit by {deadline}, or the run closes.`,
  'action_needed.generic': `Your ${C.en} of {coins} coins needs new login details. Resubmit by {deadline}, or the run closes.`,
  'action_needed.purchase': 'Buy {player} in the game and confirm Player Bought by {deadline}.',
  'reminder.title': 'Reminder: your sale still needs you',
  'transfer_completed.title': 'Transfer completed',
  'transfer_completed.body': '{coins} coins were transferred. You may log in to your game account again; a remainder usually under 50K coins may stay and be sold later.',
  'credited.title': 'Income credited',
  'credited.body': `{amount} from your ${C.en} was credited. It is under review and becomes available on {availableAt}.`,
  'credited.purchase': '{amount} for {player} was credited. It becomes available on {availableAt}.',
  'payment_error.title': 'Payment Error',
  'payment_error.body': `We cannot pay your ${C.en}: your payment details are missing or invalid. Save a valid payment method and address in Settings: the payment is then retried at once.`,
  'withdrawal_paid.title': 'Withdrawal paid',
  'withdrawal_paid.body': 'Your withdrawal of {amount} was paid.',
  'withdrawal_failed.title': 'Withdrawal failed',
  'withdrawal_failed.body': 'Your withdrawal of {amount} failed; the money is back in your available balance.',
  'withdrawal_failed.refused': 'Your withdrawal of {amount} was refused: your available balance was not enough. Nothing was moved.',
  'withdrawal_delayed.title': 'Withdrawal delayed',
  'withdrawal_delayed.body': 'Your withdrawal of {amount} is taking longer than usual. Support has been told and is on it.',
  'api_access_enabled.title': 'API access enabled',
  'api_access_enabled.body': `API access was enabled for your account. ${NOT_YOU_EN}`,
  'api_key_issued.title': 'A new secret was issued',
  'api_key_issued.body': `The API key "{name}" ({prefix}_…) was issued for your account; support hands its secret to you once. ${NOT_YOU_SECRET_EN}`,
  'api_key_issued.rotated': `The API key "{name}" ({prefix}_…) was rotated: its new secret was shown once and the old one stopped working. ${NOT_YOU_SECRET_EN}`,
  'api_key_issued.webhook_registered': `A webhook endpoint was registered for {url}; its signing secret was shown once. ${NOT_YOU_SECRET_EN}`,
  'api_key_issued.webhook_rotated': `The signing secret of the webhook endpoint {url} was rotated; the new secret was shown once. ${NOT_YOU_SECRET_EN}`,
  'api_access_disabled.title': 'API access disabled',
  'api_access_disabled.body': 'Support turned off API access for your account: every API key of yours is refused from now on. If you did not expect this, contact support.',
  'api_key_revoked.title': 'An API key was revoked',
  'api_key_revoked.body': `The API key "{name}" ({prefix}_…) was revoked: it is refused from now on. ${NOT_YOU_EN}`,
  'api_key_revoked.webhook_removed': 'The webhook endpoint {url} was removed: the API key "{name}" ({prefix}_…) that registered it was revoked, so nothing more is sent to it. Register it again in Settings if you still need it.',
  'api_key_revoked.webhook_removed_rotated': 'The webhook endpoint {url} was removed: the API key "{name}" ({prefix}_…) that registered it was rotated, so nothing more is sent to it. Register it again if you still need it.',
  'api_key_revoked.webhook_removed_access_off': 'The webhook endpoint {url} was removed: it was registered with an API key and API access was turned off for your account, so nothing more is sent to it.',
  'payout_details_changed.title': 'Your payment details were changed',
  'payout_details_changed.body': 'The payment method of your account was changed to {method} ({address}). If you did not do this, change your password at once and contact support: withdrawals go to this address.',
  'payout_details_changed.payoneer_bound': `Your account was bound to the Payoneer account {account}: every Payoneer payout goes to it. ${NOT_YOU_EN}`,
  'payout_details_changed.payoneer_removed': `The Payoneer account bound to your account was removed: Payoneer payouts stop until you bind one again. ${NOT_YOU_EN}`,
  'mail.open': 'Open in CoinMarket',
  'mail.deadline': 'Deadline: {deadline}',
  'mail.changed_at': 'Time: {changedAt}',
  'mail.account': 'Game account: {account}',
  'mail.account_batch': 'Game account: {account} (line {batchLine} of your batch file)',
  'mail.footer': 'You get this mail because of your CoinMarket account. Choose which notifications you get in Settings.',
};

const NOT_YOU_AR = 'إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم.';
const NOT_YOU_SECRET_AR = 'إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم؛ وعند تسجيل الخروج من كل الأجهزة اختر إلغاء مفاتيح API وإزالة الـ webhooks.';
const ar: Texts = {
  'action_needed.title': 'مطلوب إجراء: عملية البيع بانتظارك',
  'action_needed.wrong_backup_codes': `توقفت عملية ${C.ar} لـ {coins} عملة: رموز النسخ الاحتياطي غير صحيحة أو منتهية. أعد الإرسال مع 6 رموز جديدة قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.no_login_verification': `توقفت عملية ${C.ar} لـ {coins} عملة: التحقق من تسجيل الدخول غير مفعّل. فعّله واحصل على 6 رموز نسخ احتياطي جديدة، ثم أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.wrong_password': `توقفت عملية ${C.ar} لـ {coins} عملة: لم تقبل اللعبة الحساب وكلمة المرور. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.wrong_gauth': `توقفت عملية ${C.ar} لـ {coins} عملة: مفتاح المصادقة (authSecret) خاطئ. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.generic': `تحتاج عملية ${C.ar} لـ {coins} عملة إلى بيانات دخول جديدة. أعد الإرسال قبل {deadline}، وإلا تُغلق العملية.`,
  'action_needed.purchase': 'اشترِ {player} في اللعبة وأكّد «تم شراء اللاعب» قبل {deadline}.',
  'reminder.title': 'تذكير: عملية البيع ما زالت بانتظارك',
  'transfer_completed.title': 'اكتمل التحويل',
  'transfer_completed.body': 'تم تحويل {coins} عملة. يمكنك تسجيل الدخول إلى حساب اللعبة مجددًا؛ قد يبقى باقٍ أقل عادةً من 50 ألف عملة ويُباع لاحقًا.',
  'credited.title': 'تمت إضافة الدخل',
  'credited.body': `تمت إضافة {amount} من عملية ${C.ar}. المبلغ قيد المراجعة ويصبح متاحًا في {availableAt}.`,
  'credited.purchase': 'تمت إضافة {amount} مقابل {player}. يصبح متاحًا في {availableAt}.',
  'payment_error.title': 'خطأ في الدفع',
  'payment_error.body': `لا يمكننا الدفع لعملية ${C.ar}: بيانات الدفع ناقصة أو غير صالحة. احفظ طريقة دفع وعنوانًا صالحين في الإعدادات: تُعاد محاولة الدفع فورًا.`,
  'withdrawal_paid.title': 'تم دفع السحب',
  'withdrawal_paid.body': 'تم دفع طلب السحب بقيمة {amount}.',
  'withdrawal_failed.title': 'فشل السحب',
  'withdrawal_failed.body': 'فشل طلب السحب بقيمة {amount}؛ عاد المبلغ إلى رصيدك المتاح.',
  'withdrawal_failed.refused': 'رُفض طلب السحب بقيمة {amount}: رصيدك المتاح غير كافٍ. لم يُنقل أي مبلغ.',
  'withdrawal_delayed.title': 'تأخر السحب',
  'withdrawal_delayed.body': 'يستغرق طلب السحب بقيمة {amount} وقتًا أطول من المعتاد. تم إبلاغ الدعم وهو يتابعه.',
  'api_access_enabled.title': 'تم تفعيل الوصول عبر API',
  'api_access_enabled.body': `تم تفعيل الوصول عبر API لحسابك. ${NOT_YOU_AR}`,
  'api_key_issued.title': 'تم إصدار سر جديد',
  'api_key_issued.body': `تم إصدار مفتاح API باسم "{name}" ({prefix}_…) لحسابك؛ يسلّمك الدعم سرّه مرة واحدة. ${NOT_YOU_SECRET_AR}`,
  'api_key_issued.rotated': `تم تدوير مفتاح API باسم "{name}" ({prefix}_…): عُرض سرّه الجديد مرة واحدة وتوقف السر القديم عن العمل. ${NOT_YOU_SECRET_AR}`,
  'api_key_issued.webhook_registered': `تم تسجيل نقطة webhook للعنوان {url}؛ عُرض سر التوقيع الخاص بها مرة واحدة. ${NOT_YOU_SECRET_AR}`,
  'api_key_issued.webhook_rotated': `تم تدوير سر التوقيع لنقطة webhook ‏{url}؛ عُرض السر الجديد مرة واحدة. ${NOT_YOU_SECRET_AR}`,
  'api_access_disabled.title': 'تم إيقاف الوصول عبر API',
  'api_access_disabled.body': 'أوقف الدعم الوصول عبر API لحسابك: تُرفض كل مفاتيح API الخاصة بك من الآن. إذا لم تكن تتوقع ذلك، تواصل مع الدعم.',
  'api_key_revoked.title': 'تم إلغاء مفتاح API',
  'api_key_revoked.body': `تم إلغاء مفتاح API باسم "{name}" ({prefix}_…): يُرفض من الآن. ${NOT_YOU_AR}`,
  'api_key_revoked.webhook_removed': 'تمت إزالة نقطة webhook ‏{url}: أُلغي مفتاح API باسم "{name}" ({prefix}_…) الذي سجّلها، فلن يُرسل إليها شيء بعد الآن. سجّلها من جديد في الإعدادات إن كنت لا تزال تحتاجها.',
  'api_key_revoked.webhook_removed_rotated': 'تمت إزالة نقطة webhook ‏{url}: تم تدوير مفتاح API باسم "{name}" ({prefix}_…) الذي سجّلها، فلن يُرسل إليها شيء بعد الآن. سجّلها من جديد إن كنت لا تزال تحتاجها.',
  'api_key_revoked.webhook_removed_access_off': 'تمت إزالة نقطة webhook ‏{url}: سُجّلت بمفتاح API وأُوقف الوصول عبر API لحسابك، فلن يُرسل إليها شيء بعد الآن.',
  'payout_details_changed.title': 'تم تغيير بيانات الدفع',
  'payout_details_changed.body': 'تم تغيير طريقة الدفع في حسابك إلى {method} ({address}). إذا لم تقم بذلك، غيّر كلمة المرور فورًا وتواصل مع الدعم: السحوبات تذهب إلى هذا العنوان.',
  'payout_details_changed.payoneer_bound': `تم ربط حسابك بحساب Payoneer ‏{account}: كل دفعة عبر Payoneer تذهب إليه. ${NOT_YOU_AR}`,
  'payout_details_changed.payoneer_removed': `تمت إزالة حساب Payoneer المرتبط بحسابك: تتوقف دفعات Payoneer حتى تربط حسابًا جديدًا. ${NOT_YOU_AR}`,
  'mail.open': 'افتح في CoinMarket',
  'mail.deadline': 'الموعد النهائي: {deadline}',
  'mail.changed_at': 'الوقت: {changedAt}',
  'mail.account': 'حساب اللعبة: {account}',
  'mail.account_batch': 'حساب اللعبة: {account} (السطر {batchLine} من ملف الدفعة)',
  'mail.footer': 'تصلك هذه الرسالة بسبب حسابك في CoinMarket. اختر الإشعارات التي تصلك من الإعدادات.',
};

const NOT_YOU_DE = 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support.';
const NOT_YOU_SECRET_DE = 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support; wählen Sie beim Abmelden auf allen Geräten, API-Schlüssel zu widerrufen und Webhooks zu entfernen.';
const de: Texts = {
  'action_needed.title': 'Handlung nötig: Ihr Verkauf wartet auf Sie',
  'action_needed.wrong_backup_codes': `Ihr ${C.de} über {coins} Coins wurde angehalten: Die Backup-Codes waren falsch oder abgelaufen. Reichen Sie bis {deadline} 6 neue Backup-Codes ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.no_login_verification': `Ihr ${C.de} über {coins} Coins wurde angehalten: Die Anmeldebestätigung ist aus. Schalten Sie sie ein, holen Sie 6 neue Backup-Codes und reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.wrong_password': `Ihr ${C.de} über {coins} Coins wurde angehalten: Das Spiel hat Konto und Passwort nicht angenommen. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.wrong_gauth': `Ihr ${C.de} über {coins} Coins wurde angehalten: Das authSecret (Authenticator-Schlüssel) ist falsch. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.generic': `Ihr ${C.de} über {coins} Coins braucht neue Anmeldedaten. Reichen Sie bis {deadline} erneut ein, sonst wird der Vorgang geschlossen.`,
  'action_needed.purchase': 'Kaufen Sie {player} im Spiel und bestätigen Sie „Spieler gekauft“ bis {deadline}.',
  'reminder.title': 'Erinnerung: Ihr Verkauf wartet noch auf Sie',
  'transfer_completed.title': 'Übertragung abgeschlossen',
  'transfer_completed.body': '{coins} Coins wurden übertragen. Sie dürfen sich wieder in Ihr Spielkonto einloggen; ein Rest, meist unter 50K Coins, kann bleiben und später verkauft werden.',
  'credited.title': 'Einnahme gutgeschrieben',
  'credited.body': `{amount} aus Ihrem ${C.de} wurden gutgeschrieben. Der Betrag wird geprüft und ist ab {availableAt} verfügbar.`,
  'credited.purchase': '{amount} für {player} wurden gutgeschrieben. Verfügbar ab {availableAt}.',
  'payment_error.title': 'Zahlungsfehler',
  'payment_error.body': `Wir können Ihren ${C.de} nicht auszahlen: Ihre Zahlungsdaten fehlen oder sind ungültig. Speichern Sie in den Einstellungen eine gültige Zahlungsmethode und Adresse: Die Zahlung wird dann sofort erneut versucht.`,
  'withdrawal_paid.title': 'Auszahlung erfolgt',
  'withdrawal_paid.body': 'Ihre Auszahlung über {amount} wurde ausgezahlt.',
  'withdrawal_failed.title': 'Auszahlung fehlgeschlagen',
  'withdrawal_failed.body': 'Ihre Auszahlung über {amount} ist fehlgeschlagen; das Geld ist wieder in Ihrem verfügbaren Guthaben.',
  'withdrawal_failed.refused': 'Ihre Auszahlung über {amount} wurde abgelehnt: Ihr verfügbares Guthaben reichte nicht. Nichts wurde bewegt.',
  'withdrawal_delayed.title': 'Auszahlung verzögert',
  'withdrawal_delayed.body': 'Ihre Auszahlung über {amount} dauert länger als üblich. Der Support ist informiert und kümmert sich darum.',
  'api_access_enabled.title': 'API-Zugang aktiviert',
  'api_access_enabled.body': `Für Ihr Konto wurde der API-Zugang aktiviert. ${NOT_YOU_DE}`,
  'api_key_issued.title': 'Ein neues Geheimnis wurde ausgestellt',
  'api_key_issued.body': `Für Ihr Konto wurde der API-Schlüssel „{name}“ ({prefix}_…) ausgestellt; der Support übergibt Ihnen sein Geheimnis einmalig. ${NOT_YOU_SECRET_DE}`,
  'api_key_issued.rotated': `Der API-Schlüssel „{name}“ ({prefix}_…) wurde erneuert: Sein neues Geheimnis wurde einmal angezeigt, das alte funktioniert nicht mehr. ${NOT_YOU_SECRET_DE}`,
  'api_key_issued.webhook_registered': `Für {url} wurde ein Webhook-Endpunkt registriert; sein Signaturgeheimnis wurde einmal angezeigt. ${NOT_YOU_SECRET_DE}`,
  'api_key_issued.webhook_rotated': `Das Signaturgeheimnis des Webhook-Endpunkts {url} wurde erneuert; das neue Geheimnis wurde einmal angezeigt. ${NOT_YOU_SECRET_DE}`,
  'api_access_disabled.title': 'API-Zugang deaktiviert',
  'api_access_disabled.body': 'Der Support hat den API-Zugang für Ihr Konto abgeschaltet: Alle Ihre API-Schlüssel werden ab sofort abgewiesen. Wenn Sie das nicht erwartet haben, kontaktieren Sie den Support.',
  'api_key_revoked.title': 'Ein API-Schlüssel wurde widerrufen',
  'api_key_revoked.body': `Der API-Schlüssel „{name}“ ({prefix}_…) wurde widerrufen: Er wird ab sofort abgewiesen. ${NOT_YOU_DE}`,
  'api_key_revoked.webhook_removed': 'Der Webhook-Endpunkt {url} wurde entfernt: Der API-Schlüssel „{name}“ ({prefix}_…), mit dem er registriert wurde, wurde widerrufen; an ihn wird nichts mehr gesendet. Registrieren Sie ihn in den Einstellungen neu, falls Sie ihn noch brauchen.',
  'api_key_revoked.webhook_removed_rotated': 'Der Webhook-Endpunkt {url} wurde entfernt: Der API-Schlüssel „{name}“ ({prefix}_…), mit dem er registriert wurde, wurde erneuert; an ihn wird nichts mehr gesendet. Registrieren Sie ihn neu, falls Sie ihn noch brauchen.',
  'api_key_revoked.webhook_removed_access_off': 'Der Webhook-Endpunkt {url} wurde entfernt: Er wurde mit einem API-Schlüssel registriert, und der API-Zugang Ihres Kontos wurde abgeschaltet; an ihn wird nichts mehr gesendet.',
  'payout_details_changed.title': 'Ihre Zahlungsdaten wurden geändert',
  'payout_details_changed.body': 'Die Zahlungsmethode Ihres Kontos wurde auf {method} ({address}) geändert. Wenn Sie das nicht waren, ändern Sie sofort Ihr Passwort und kontaktieren Sie den Support: Auszahlungen gehen an diese Adresse.',
  'payout_details_changed.payoneer_bound': `Ihr Konto wurde mit dem Payoneer-Konto {account} verbunden: Jede Payoneer-Auszahlung geht dorthin. ${NOT_YOU_DE}`,
  'payout_details_changed.payoneer_removed': `Das mit Ihrem Konto verbundene Payoneer-Konto wurde entfernt: Payoneer-Auszahlungen ruhen, bis Sie wieder eines verbinden. ${NOT_YOU_DE}`,
  'mail.open': 'In CoinMarket öffnen',
  'mail.deadline': 'Frist: {deadline}',
  'mail.changed_at': 'Zeitpunkt: {changedAt}',
  'mail.account': 'Spielkonto: {account}',
  'mail.account_batch': 'Spielkonto: {account} (Zeile {batchLine} Ihrer Sammeldatei)',
  'mail.footer': 'Sie erhalten diese E-Mail wegen Ihres CoinMarket-Kontos. Welche Benachrichtigungen Sie erhalten, wählen Sie in den Einstellungen.',
};

const NOT_YOU_ES = 'Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte.';
const NOT_YOU_SECRET_ES = 'Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte; al cerrar sesión en todas partes, elige revocar las claves de API y eliminar los webhooks.';
const es: Texts = {
  'action_needed.title': 'Acción necesaria: tu venta te espera',
  'action_needed.wrong_backup_codes': `Tu ${C.es} de {coins} monedas se detuvo: los códigos de respaldo eran incorrectos o habían caducado. Reenvía con 6 códigos de respaldo nuevos antes de {deadline} o la operación se cerrará.`,
  'action_needed.no_login_verification': `Tu ${C.es} de {coins} monedas se detuvo: la verificación de inicio de sesión está desactivada. Actívala, consigue 6 códigos de respaldo nuevos y reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.wrong_password': `Tu ${C.es} de {coins} monedas se detuvo: el juego no aceptó la cuenta y la contraseña. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.wrong_gauth': `Tu ${C.es} de {coins} monedas se detuvo: el authSecret (clave del autenticador) es incorrecto. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.generic': `Tu ${C.es} de {coins} monedas necesita nuevos datos de acceso. Reenvía antes de {deadline} o la operación se cerrará.`,
  'action_needed.purchase': 'Compra a {player} en el juego y confirma «Jugador comprado» antes de {deadline}.',
  'reminder.title': 'Recordatorio: tu venta aún te espera',
  'transfer_completed.title': 'Transferencia completada',
  'transfer_completed.body': 'Se transfirieron {coins} monedas. Ya puedes volver a iniciar sesión en tu cuenta del juego; puede quedar un resto, normalmente menor de 50K monedas, que se venderá más tarde.',
  'credited.title': 'Ingreso abonado',
  'credited.body': `Se abonaron {amount} de tu ${C.es}. Está en revisión y estará disponible el {availableAt}.`,
  'credited.purchase': 'Se abonaron {amount} por {player}. Estará disponible el {availableAt}.',
  'payment_error.title': 'Error de pago',
  'payment_error.body': `No podemos pagar tu ${C.es}: tus datos de pago faltan o no son válidos. Guarda un método de pago y una dirección válidos en Ajustes: el pago se reintentará de inmediato.`,
  'withdrawal_paid.title': 'Retiro pagado',
  'withdrawal_paid.body': 'Tu retiro de {amount} se ha pagado.',
  'withdrawal_failed.title': 'Retiro fallido',
  'withdrawal_failed.body': 'Tu retiro de {amount} falló; el dinero ha vuelto a tu saldo disponible.',
  'withdrawal_failed.refused': 'Tu retiro de {amount} fue rechazado: tu saldo disponible no era suficiente. No se movió nada.',
  'withdrawal_delayed.title': 'Retiro retrasado',
  'withdrawal_delayed.body': 'Tu retiro de {amount} está tardando más de lo habitual. Soporte está avisado y se ocupa de ello.',
  'api_access_enabled.title': 'Acceso a la API activado',
  'api_access_enabled.body': `Se activó el acceso a la API para tu cuenta. ${NOT_YOU_ES}`,
  'api_key_issued.title': 'Se emitió un secreto nuevo',
  'api_key_issued.body': `Se emitió la clave de API "{name}" ({prefix}_…) para tu cuenta; soporte te entrega su secreto una sola vez. ${NOT_YOU_SECRET_ES}`,
  'api_key_issued.rotated': `Se renovó la clave de API "{name}" ({prefix}_…): su nuevo secreto se mostró una vez y el anterior dejó de funcionar. ${NOT_YOU_SECRET_ES}`,
  'api_key_issued.webhook_registered': `Se registró un endpoint de webhook para {url}; su secreto de firma se mostró una vez. ${NOT_YOU_SECRET_ES}`,
  'api_key_issued.webhook_rotated': `Se renovó el secreto de firma del endpoint de webhook {url}; el nuevo secreto se mostró una vez. ${NOT_YOU_SECRET_ES}`,
  'api_access_disabled.title': 'Acceso a la API desactivado',
  'api_access_disabled.body': 'Soporte desactivó el acceso a la API de tu cuenta: desde ahora se rechazan todas tus claves de API. Si no lo esperabas, contacta con soporte.',
  'api_key_revoked.title': 'Se revocó una clave de API',
  'api_key_revoked.body': `Se revocó la clave de API "{name}" ({prefix}_…): desde ahora se rechaza. ${NOT_YOU_ES}`,
  'api_key_revoked.webhook_removed': 'Se eliminó el endpoint de webhook {url}: se revocó la clave de API "{name}" ({prefix}_…) con la que se registró, así que ya no se le envía nada. Vuelve a registrarlo en Ajustes si aún lo necesitas.',
  'api_key_revoked.webhook_removed_rotated': 'Se eliminó el endpoint de webhook {url}: se renovó la clave de API "{name}" ({prefix}_…) con la que se registró, así que ya no se le envía nada. Vuelve a registrarlo si aún lo necesitas.',
  'api_key_revoked.webhook_removed_access_off': 'Se eliminó el endpoint de webhook {url}: se registró con una clave de API y se desactivó el acceso a la API de tu cuenta, así que ya no se le envía nada.',
  'payout_details_changed.title': 'Tus datos de pago han cambiado',
  'payout_details_changed.body': 'El método de pago de tu cuenta cambió a {method} ({address}). Si no fuiste tú, cambia tu contraseña de inmediato y contacta con soporte: los retiros van a esta dirección.',
  'payout_details_changed.payoneer_bound': `Tu cuenta se vinculó a la cuenta de Payoneer {account}: todos los pagos por Payoneer van a ella. ${NOT_YOU_ES}`,
  'payout_details_changed.payoneer_removed': `Se eliminó la cuenta de Payoneer vinculada a tu cuenta: los pagos por Payoneer se detienen hasta que vincules otra. ${NOT_YOU_ES}`,
  'mail.open': 'Abrir en CoinMarket',
  'mail.deadline': 'Fecha límite: {deadline}',
  'mail.changed_at': 'Hora: {changedAt}',
  'mail.account': 'Cuenta del juego: {account}',
  'mail.account_batch': 'Cuenta del juego: {account} (línea {batchLine} de tu archivo por lotes)',
  'mail.footer': 'Recibes este correo por tu cuenta de CoinMarket. Elige qué notificaciones recibes en Ajustes.',
};

const NOT_YOU_FR = "Si ce n'était pas vous, changez votre mot de passe immédiatement et contactez le support.";
const NOT_YOU_SECRET_FR = 'Si ce n\'était pas vous, changez votre mot de passe immédiatement et contactez le support ; en vous déconnectant partout, choisissez de révoquer les clés API et de supprimer les webhooks.';
const fr: Texts = {
  'action_needed.title': 'Action requise : votre vente vous attend',
  'action_needed.wrong_backup_codes': `Votre ${C.fr} de {coins} pièces est arrêtée : les codes de secours étaient incorrects ou expirés. Renvoyez 6 nouveaux codes de secours avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.no_login_verification': `Votre ${C.fr} de {coins} pièces est arrêtée : la vérification de connexion est désactivée. Activez-la, obtenez 6 nouveaux codes de secours, puis renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.wrong_password': `Votre ${C.fr} de {coins} pièces est arrêtée : le jeu n’a pas accepté le compte et le mot de passe. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.wrong_gauth': `Votre ${C.fr} de {coins} pièces est arrêtée : l’authSecret (clé d’authentification) est faux. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.generic': `Votre ${C.fr} de {coins} pièces a besoin de nouveaux identifiants. Renvoyez avant le {deadline}, sinon l’opération sera fermée.`,
  'action_needed.purchase': 'Achetez {player} dans le jeu et confirmez « Joueur acheté » avant le {deadline}.',
  'reminder.title': 'Rappel : votre vente vous attend toujours',
  'transfer_completed.title': 'Transfert terminé',
  'transfer_completed.body': '{coins} pièces ont été transférées. Vous pouvez vous reconnecter à votre compte de jeu ; un reste, en général moins de 50K pièces, peut rester et être vendu plus tard.',
  'credited.title': 'Revenu crédité',
  'credited.body': `{amount} de votre ${C.fr} ont été crédités. Le montant est en vérification et sera disponible le {availableAt}.`,
  'credited.purchase': '{amount} pour {player} ont été crédités. Disponible le {availableAt}.',
  'payment_error.title': 'Erreur de paiement',
  'payment_error.body': `Nous ne pouvons pas payer votre ${C.fr} : vos coordonnées de paiement manquent ou sont invalides. Enregistrez un moyen de paiement et une adresse valides dans les Paramètres : le paiement est alors retenté aussitôt.`,
  'withdrawal_paid.title': 'Retrait payé',
  'withdrawal_paid.body': 'Votre retrait de {amount} a été payé.',
  'withdrawal_failed.title': 'Retrait échoué',
  'withdrawal_failed.body': 'Votre retrait de {amount} a échoué ; l’argent est revenu sur votre solde disponible.',
  'withdrawal_failed.refused': 'Votre retrait de {amount} a été refusé : votre solde disponible ne suffisait pas. Rien n’a été déplacé.',
  'withdrawal_delayed.title': 'Retrait retardé',
  'withdrawal_delayed.body': 'Votre retrait de {amount} prend plus de temps que d’habitude. Le support est prévenu et s’en occupe.',
  'api_access_enabled.title': 'Accès API activé',
  'api_access_enabled.body': `L’accès API a été activé pour votre compte. ${NOT_YOU_FR}`,
  'api_key_issued.title': 'Un nouveau secret a été émis',
  'api_key_issued.body': `La clé API « {name} » ({prefix}_…) a été émise pour votre compte ; le support vous remet son secret une seule fois. ${NOT_YOU_SECRET_FR}`,
  'api_key_issued.rotated': `La clé API « {name} » ({prefix}_…) a été renouvelée : son nouveau secret a été affiché une fois et l’ancien ne fonctionne plus. ${NOT_YOU_SECRET_FR}`,
  'api_key_issued.webhook_registered': `Un endpoint webhook a été enregistré pour {url} ; son secret de signature a été affiché une fois. ${NOT_YOU_SECRET_FR}`,
  'api_key_issued.webhook_rotated': `Le secret de signature de l’endpoint webhook {url} a été renouvelé ; le nouveau secret a été affiché une fois. ${NOT_YOU_SECRET_FR}`,
  'api_access_disabled.title': 'Accès API désactivé',
  'api_access_disabled.body': 'Le support a désactivé l’accès API de votre compte : toutes vos clés API sont refusées dès maintenant. Si vous ne vous y attendiez pas, contactez le support.',
  'api_key_revoked.title': 'Une clé API a été révoquée',
  'api_key_revoked.body': `La clé API « {name} » ({prefix}_…) a été révoquée : elle est refusée dès maintenant. ${NOT_YOU_FR}`,
  'api_key_revoked.webhook_removed': 'L’endpoint webhook {url} a été supprimé : la clé API « {name} » ({prefix}_…) qui l’avait enregistré a été révoquée, plus rien ne lui est envoyé. Enregistrez-le de nouveau dans les Paramètres si vous en avez encore besoin.',
  'api_key_revoked.webhook_removed_rotated': 'L’endpoint webhook {url} a été supprimé : la clé API « {name} » ({prefix}_…) qui l’avait enregistré a été renouvelée, plus rien ne lui est envoyé. Enregistrez-le de nouveau si vous en avez encore besoin.',
  'api_key_revoked.webhook_removed_access_off': 'L’endpoint webhook {url} a été supprimé : il avait été enregistré avec une clé API et l’accès API de votre compte a été désactivé, plus rien ne lui est envoyé.',
  'payout_details_changed.title': 'Vos coordonnées de paiement ont changé',
  'payout_details_changed.body': 'Le moyen de paiement de votre compte est passé à {method} ({address}). Si ce n\'était pas vous, changez votre mot de passe immédiatement et contactez le support : les retraits vont à cette adresse.',
  'payout_details_changed.payoneer_bound': `Votre compte a été lié au compte Payoneer {account} : chaque paiement Payoneer y est envoyé. ${NOT_YOU_FR}`,
  'payout_details_changed.payoneer_removed': `Le compte Payoneer lié à votre compte a été retiré : les paiements Payoneer s’arrêtent jusqu’à ce que vous en liiez un autre. ${NOT_YOU_FR}`,
  'mail.open': 'Ouvrir dans CoinMarket',
  'mail.deadline': 'Date limite : {deadline}',
  'mail.changed_at': 'Heure : {changedAt}',
  'mail.account': 'Compte de jeu : {account}',
  'mail.account_batch': 'Compte de jeu : {account} (ligne {batchLine} de votre fichier de lot)',
  'mail.footer': 'Vous recevez ce message en raison de votre compte CoinMarket. Choisissez vos notifications dans les Paramètres.',
};

const NOT_YOU_PT = 'Se não foi você, altere sua senha imediatamente e fale com o suporte.';
const NOT_YOU_SECRET_PT = 'Se não foi você, altere sua senha imediatamente e fale com o suporte; ao sair de todos os dispositivos, escolha revogar as chaves de API e remover os webhooks.';
const pt: Texts = {
  'action_needed.title': 'Ação necessária: sua venda está esperando por você',
  'action_needed.wrong_backup_codes': `Sua ${C.pt} de {coins} moedas parou: os códigos de backup estavam incorretos ou expirados. Reenvie com 6 novos códigos de backup até {deadline}, ou a operação será encerrada.`,
  'action_needed.no_login_verification': `Sua ${C.pt} de {coins} moedas parou: a verificação de login está desligada. Ative-a, obtenha 6 novos códigos de backup e reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.wrong_password': `Sua ${C.pt} de {coins} moedas parou: o jogo não aceitou a conta e a senha. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.wrong_gauth': `Sua ${C.pt} de {coins} moedas parou: o authSecret (chave do autenticador) está errado. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.generic': `Sua ${C.pt} de {coins} moedas precisa de novos dados de login. Reenvie até {deadline}, ou a operação será encerrada.`,
  'action_needed.purchase': 'Compre {player} no jogo e confirme “Jogador comprado” até {deadline}.',
  'reminder.title': 'Lembrete: sua venda ainda espera por você',
  'transfer_completed.title': 'Transferência concluída',
  'transfer_completed.body': '{coins} moedas foram transferidas. Você já pode entrar de novo na sua conta do jogo; um restante, geralmente abaixo de 50K moedas, pode ficar e ser vendido depois.',
  'credited.title': 'Receita creditada',
  'credited.body': `{amount} da sua ${C.pt} foram creditados. O valor está em análise e fica disponível em {availableAt}.`,
  'credited.purchase': '{amount} por {player} foram creditados. Disponível em {availableAt}.',
  'payment_error.title': 'Erro de pagamento',
  'payment_error.body': `Não conseguimos pagar sua ${C.pt}: seus dados de pagamento estão faltando ou são inválidos. Salve um método de pagamento e um endereço válidos em Configurações: o pagamento será tentado de novo na hora.`,
  'withdrawal_paid.title': 'Saque pago',
  'withdrawal_paid.body': 'Seu saque de {amount} foi pago.',
  'withdrawal_failed.title': 'Saque falhou',
  'withdrawal_failed.body': 'Seu saque de {amount} falhou; o dinheiro voltou ao seu saldo disponível.',
  'withdrawal_failed.refused': 'Seu saque de {amount} foi recusado: seu saldo disponível não era suficiente. Nada foi movido.',
  'withdrawal_delayed.title': 'Saque atrasado',
  'withdrawal_delayed.body': 'Seu saque de {amount} está demorando mais que o normal. O suporte foi avisado e está cuidando disso.',
  'api_access_enabled.title': 'Acesso à API ativado',
  'api_access_enabled.body': `O acesso à API foi ativado na sua conta. ${NOT_YOU_PT}`,
  'api_key_issued.title': 'Um novo segredo foi emitido',
  'api_key_issued.body': `A chave de API "{name}" ({prefix}_…) foi emitida para sua conta; o suporte entrega o segredo a você uma única vez. ${NOT_YOU_SECRET_PT}`,
  'api_key_issued.rotated': `A chave de API "{name}" ({prefix}_…) foi renovada: o novo segredo foi mostrado uma vez e o antigo parou de funcionar. ${NOT_YOU_SECRET_PT}`,
  'api_key_issued.webhook_registered': `Um endpoint de webhook foi registrado para {url}; o segredo de assinatura foi mostrado uma vez. ${NOT_YOU_SECRET_PT}`,
  'api_key_issued.webhook_rotated': `O segredo de assinatura do endpoint de webhook {url} foi renovado; o novo segredo foi mostrado uma vez. ${NOT_YOU_SECRET_PT}`,
  'api_access_disabled.title': 'Acesso à API desativado',
  'api_access_disabled.body': 'O suporte desativou o acesso à API da sua conta: a partir de agora todas as suas chaves de API são recusadas. Se você não esperava isso, fale com o suporte.',
  'api_key_revoked.title': 'Uma chave de API foi revogada',
  'api_key_revoked.body': `A chave de API "{name}" ({prefix}_…) foi revogada: a partir de agora ela é recusada. ${NOT_YOU_PT}`,
  'api_key_revoked.webhook_removed': 'O endpoint de webhook {url} foi removido: a chave de API "{name}" ({prefix}_…) que o registrou foi revogada, então nada mais é enviado a ele. Registre-o de novo em Configurações se ainda precisar dele.',
  'api_key_revoked.webhook_removed_rotated': 'O endpoint de webhook {url} foi removido: a chave de API "{name}" ({prefix}_…) que o registrou foi renovada, então nada mais é enviado a ele. Registre-o de novo se ainda precisar dele.',
  'api_key_revoked.webhook_removed_access_off': 'O endpoint de webhook {url} foi removido: ele foi registrado com uma chave de API e o acesso à API da sua conta foi desativado, então nada mais é enviado a ele.',
  'payout_details_changed.title': 'Seus dados de pagamento foram alterados',
  'payout_details_changed.body': 'O método de pagamento da sua conta foi alterado para {method} ({address}). Se não foi você, altere sua senha imediatamente e fale com o suporte: os saques vão para este endereço.',
  'payout_details_changed.payoneer_bound': `Sua conta foi vinculada à conta Payoneer {account}: todo pagamento via Payoneer vai para ela. ${NOT_YOU_PT}`,
  'payout_details_changed.payoneer_removed': `A conta Payoneer vinculada à sua conta foi removida: os pagamentos via Payoneer param até você vincular outra. ${NOT_YOU_PT}`,
  'mail.open': 'Abrir no CoinMarket',
  'mail.deadline': 'Prazo: {deadline}',
  'mail.changed_at': 'Horário: {changedAt}',
  'mail.account': 'Conta do jogo: {account}',
  'mail.account_batch': 'Conta do jogo: {account} (linha {batchLine} do seu arquivo de lote)',
  'mail.footer': 'Você recebe este e-mail por causa da sua conta CoinMarket. Escolha quais notificações receber em Configurações.',
};

const NOT_YOU_FA = 'اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید.';
const NOT_YOU_SECRET_FA = 'اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید؛ هنگام خروج از همه دستگاه‌ها، لغو کلیدهای API و حذف webhookها را انتخاب کنید.';
const fa: Texts = {
  'action_needed.title': 'اقدام لازم است: فروش شما منتظر شماست',
  'action_needed.wrong_backup_codes': `${C.fa} شما برای {coins} سکه متوقف شد: کدهای پشتیبان نادرست یا منقضی بودند. تا {deadline} با ۶ کد پشتیبان جدید دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.no_login_verification': `${C.fa} شما برای {coins} سکه متوقف شد: تأیید ورود خاموش است. آن را روشن کنید، ۶ کد پشتیبان جدید بگیرید و تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.wrong_password': `${C.fa} شما برای {coins} سکه متوقف شد: بازی حساب و رمز عبور را نپذیرفت. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.wrong_gauth': `${C.fa} شما برای {coins} سکه متوقف شد: authSecret (کلید احراز هویت) اشتباه است. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.generic': `${C.fa} شما برای {coins} سکه به اطلاعات ورود جدید نیاز دارد. تا {deadline} دوباره ارسال کنید، وگرنه این عملیات بسته می‌شود.`,
  'action_needed.purchase': '{player} را در بازی بخرید و تا {deadline} «بازیکن خریداری شد» را تأیید کنید.',
  'reminder.title': 'یادآوری: فروش شما هنوز منتظر شماست',
  'transfer_completed.title': 'انتقال کامل شد',
  'transfer_completed.body': '{coins} سکه منتقل شد. اکنون می‌توانید دوباره وارد حساب بازی شوید؛ ممکن است باقی‌مانده‌ای معمولاً کمتر از ۵۰ هزار سکه بماند و بعداً فروخته شود.',
  'credited.title': 'درآمد واریز شد',
  'credited.body': `{amount} از ${C.fa} شما واریز شد. این مبلغ در حال بررسی است و از {availableAt} در دسترس خواهد بود.`,
  'credited.purchase': '{amount} برای {player} واریز شد. از {availableAt} در دسترس خواهد بود.',
  'payment_error.title': 'خطای پرداخت',
  'payment_error.body': `نمی‌توانیم مبلغ ${C.fa} شما را پرداخت کنیم: اطلاعات پرداخت شما ناقص یا نامعتبر است. یک روش پرداخت و نشانی معتبر را در تنظیمات ذخیره کنید: پرداخت بی‌درنگ دوباره انجام می‌شود.`,
  'withdrawal_paid.title': 'برداشت پرداخت شد',
  'withdrawal_paid.body': 'برداشت شما به مبلغ {amount} پرداخت شد.',
  'withdrawal_failed.title': 'برداشت ناموفق بود',
  'withdrawal_failed.body': 'برداشت شما به مبلغ {amount} ناموفق بود؛ پول به موجودی در دسترس شما بازگشت.',
  'withdrawal_failed.refused': 'برداشت شما به مبلغ {amount} رد شد: موجودی در دسترس کافی نبود. هیچ مبلغی جابه‌جا نشد.',
  'withdrawal_delayed.title': 'برداشت با تأخیر',
  'withdrawal_delayed.body': 'برداشت شما به مبلغ {amount} بیش از معمول طول می‌کشد. به پشتیبانی اطلاع داده شده و در حال پیگیری است.',
  'api_access_enabled.title': 'دسترسی API فعال شد',
  'api_access_enabled.body': `دسترسی API برای حساب شما فعال شد. ${NOT_YOU_FA}`,
  'api_key_issued.title': 'یک رمز جدید صادر شد',
  'api_key_issued.body': `کلید API با نام «{name}» ({prefix}_…) برای حساب شما صادر شد؛ پشتیبانی رمز آن را یک بار به شما می‌دهد. ${NOT_YOU_SECRET_FA}`,
  'api_key_issued.rotated': `کلید API با نام «{name}» ({prefix}_…) تعویض شد: رمز جدید آن یک بار نمایش داده شد و رمز قبلی دیگر کار نمی‌کند. ${NOT_YOU_SECRET_FA}`,
  'api_key_issued.webhook_registered': `یک نقطه webhook برای {url} ثبت شد؛ رمز امضای آن یک بار نمایش داده شد. ${NOT_YOU_SECRET_FA}`,
  'api_key_issued.webhook_rotated': `رمز امضای نقطه webhook ‏{url} تعویض شد؛ رمز جدید یک بار نمایش داده شد. ${NOT_YOU_SECRET_FA}`,
  'api_access_disabled.title': 'دسترسی API غیرفعال شد',
  'api_access_disabled.body': 'پشتیبانی دسترسی API حساب شما را غیرفعال کرد: از این پس همه کلیدهای API شما رد می‌شوند. اگر انتظار این را نداشتید، با پشتیبانی تماس بگیرید.',
  'api_key_revoked.title': 'یک کلید API لغو شد',
  'api_key_revoked.body': `کلید API با نام «{name}» ({prefix}_…) لغو شد: از این پس پذیرفته نمی‌شود. ${NOT_YOU_FA}`,
  'api_key_revoked.webhook_removed': 'نقطه webhook ‏{url} حذف شد: کلید API با نام «{name}» ({prefix}_…) که آن را ثبت کرده بود لغو شد، پس دیگر چیزی به آن فرستاده نمی‌شود. اگر هنوز به آن نیاز دارید، دوباره در تنظیمات ثبتش کنید.',
  'api_key_revoked.webhook_removed_rotated': 'نقطه webhook ‏{url} حذف شد: کلید API با نام «{name}» ({prefix}_…) که آن را ثبت کرده بود تعویض شد، پس دیگر چیزی به آن فرستاده نمی‌شود. اگر هنوز به آن نیاز دارید، دوباره ثبتش کنید.',
  'api_key_revoked.webhook_removed_access_off': 'نقطه webhook ‏{url} حذف شد: با یک کلید API ثبت شده بود و دسترسی API حساب شما خاموش شد، پس دیگر چیزی به آن فرستاده نمی‌شود.',
  'payout_details_changed.title': 'اطلاعات پرداخت شما تغییر کرد',
  'payout_details_changed.body': 'روش پرداخت حساب شما به {method} ({address}) تغییر کرد. اگر این کار را شما انجام نداده‌اید، فوراً رمز عبور خود را تغییر دهید و با پشتیبانی تماس بگیرید: برداشت‌ها به این نشانی می‌روند.',
  'payout_details_changed.payoneer_bound': `حساب شما به حساب Payoneer ‏{account} متصل شد: همه پرداخت‌های Payoneer به آن می‌رود. ${NOT_YOU_FA}`,
  'payout_details_changed.payoneer_removed': `حساب Payoneer متصل به حساب شما حذف شد: پرداخت‌های Payoneer تا اتصال حساب جدید متوقف می‌شوند. ${NOT_YOU_FA}`,
  'mail.open': 'باز کردن در CoinMarket',
  'mail.deadline': 'مهلت: {deadline}',
  'mail.changed_at': 'زمان: {changedAt}',
  'mail.account': 'حساب بازی: {account}',
  'mail.account_batch': 'حساب بازی: {account} (سطر {batchLine} از فایل دسته‌ای شما)',
  'mail.footer': 'این ایمیل به خاطر حساب CoinMarket شما ارسال شده است. اعلان‌های دلخواه را در تنظیمات انتخاب کنید.',
};

const NOT_YOU_ZH = '如果这不是您本人操作，请立即修改密码并联系客服。';
const NOT_YOU_SECRET_ZH = '如果这不是您本人操作，请立即修改密码并联系客服；在所有设备上退出登录时，请选择撤销 API 密钥并删除 webhook。';
const zh: Texts = {
  'action_needed.title': '需要您处理：您的出售正在等待您',
  'action_needed.wrong_backup_codes': `您的 {coins} 金币${C.zh}已暂停：备用代码错误或已过期。请在 {deadline} 前重新提交 6 个新的备用代码，否则该订单将关闭。`,
  'action_needed.no_login_verification': `您的 {coins} 金币${C.zh}已暂停：登录验证未开启。请开启登录验证，获取 6 个新的备用代码，并在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.wrong_password': `您的 {coins} 金币${C.zh}已暂停：游戏未接受该账号和密码。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.wrong_gauth': `您的 {coins} 金币${C.zh}已暂停：authSecret（验证器密钥）错误。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.generic': `您的 {coins} 金币${C.zh}需要新的登录信息。请在 {deadline} 前重新提交，否则该订单将关闭。`,
  'action_needed.purchase': '请在游戏中购买 {player}，并在 {deadline} 前确认“已购买球员”。',
  'reminder.title': '提醒：您的出售仍在等待您',
  'transfer_completed.title': '转移完成',
  'transfer_completed.body': '已转移 {coins} 金币。您现在可以重新登录游戏账号；可能会剩余通常少于 50K 的金币，稍后再出售。',
  'credited.title': '收入已入账',
  'credited.body': `您的${C.zh}收入 {amount} 已入账，正在审核中，将于 {availableAt} 可用。`,
  'credited.purchase': '{player} 的收入 {amount} 已入账，将于 {availableAt} 可用。',
  'payment_error.title': '付款错误',
  'payment_error.body': `我们无法为您的${C.zh}付款：您的收款信息缺失或无效。请在设置中保存有效的收款方式和地址：系统会立即重新尝试付款。`,
  'withdrawal_paid.title': '提现已支付',
  'withdrawal_paid.body': '您 {amount} 的提现已支付。',
  'withdrawal_failed.title': '提现失败',
  'withdrawal_failed.body': '您 {amount} 的提现失败；款项已退回您的可用余额。',
  'withdrawal_failed.refused': '您 {amount} 的提现被拒绝：可用余额不足。没有任何资金变动。',
  'withdrawal_delayed.title': '提现延迟',
  'withdrawal_delayed.body': '您 {amount} 的提现比平时耗时更长。已通知客服处理。',
  'api_access_enabled.title': 'API 访问已开启',
  'api_access_enabled.body': `您的账户已开启 API 访问。${NOT_YOU_ZH}`,
  'api_key_issued.title': '已签发新的密钥',
  'api_key_issued.body': `已为您的账户签发 API 密钥“{name}”（{prefix}_…）；客服会将其密钥一次性交给您。 ${NOT_YOU_SECRET_ZH}`,
  'api_key_issued.rotated': `API 密钥“{name}”（{prefix}_…）已轮换：新密钥只显示了一次，旧密钥已失效。 ${NOT_YOU_SECRET_ZH}`,
  'api_key_issued.webhook_registered': `已为 {url} 注册 webhook 端点；其签名密钥只显示了一次。 ${NOT_YOU_SECRET_ZH}`,
  'api_key_issued.webhook_rotated': `webhook 端点 {url} 的签名密钥已轮换；新密钥只显示了一次。 ${NOT_YOU_SECRET_ZH}`,
  'api_access_disabled.title': 'API 访问已关闭',
  'api_access_disabled.body': '客服已关闭您账户的 API 访问：从现在起，您的所有 API 密钥都会被拒绝。如果这不在您的预期之内，请联系客服。',
  'api_key_revoked.title': '一个 API 密钥已被撤销',
  'api_key_revoked.body': `API 密钥“{name}”（{prefix}_…）已被撤销：从现在起它会被拒绝。${NOT_YOU_ZH}`,
  'api_key_revoked.webhook_removed': 'webhook 端点 {url} 已被删除：注册它的 API 密钥“{name}”（{prefix}_…）已被撤销，不会再向它发送任何内容。如果仍需要，请在设置中重新注册。',
  'api_key_revoked.webhook_removed_rotated': 'webhook 端点 {url} 已被删除：注册它的 API 密钥“{name}”（{prefix}_…）已被轮换，不会再向它发送任何内容。如果仍需要，请重新注册。',
  'api_key_revoked.webhook_removed_access_off': 'webhook 端点 {url} 已被删除：它是用 API 密钥注册的，而您账户的 API 访问已被关闭，不会再向它发送任何内容。',
  'payout_details_changed.title': '您的收款信息已更改',
  'payout_details_changed.body': '您账户的收款方式已更改为 {method}（{address}）。如果这不是您本人操作，请立即修改密码并联系客服：提现会转到此地址。',
  'payout_details_changed.payoneer_bound': `您的账户已绑定 Payoneer 账户 {account}：所有 Payoneer 付款都会转到该账户。 ${NOT_YOU_ZH}`,
  'payout_details_changed.payoneer_removed': `已移除与您账户绑定的 Payoneer 账户：在您重新绑定之前，Payoneer 付款将暂停。 ${NOT_YOU_ZH}`,
  'mail.open': '在 CoinMarket 中打开',
  'mail.deadline': '截止时间：{deadline}',
  'mail.changed_at': '时间：{changedAt}',
  'mail.account': '游戏账户：{account}',
  'mail.account_batch': '游戏账户：{account}（批量文件第 {batchLine} 行）',
  'mail.footer': '您收到此邮件是因为您的 CoinMarket 账户。可在设置中选择接收哪些通知。',
};

/** Every notification text by language; each language has every code of `en` (a unit test checks). */
export const NOTIFICATION_TEXTS: Readonly<Record<LanguageCode, Texts>> = {
  en: { ...en, ...S.en }, ar: { ...ar, ...S.ar }, de: { ...de, ...S.de }, es: { ...es, ...S.es },
  fr: { ...fr, ...S.fr }, pt: { ...pt, ...S.pt }, fa: { ...fa, ...S.fa }, zh: { ...zh, ...S.zh },
};

/** The locale each language writes numbers, amounts and dates in, in every mail (notifications and account mails alike). */
export const NUMBER_LOCALES: Readonly<Record<LanguageCode, string>> = { en: 'en-GB', ar: 'ar', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR', fa: 'fa-IR', zh: 'zh-CN' };
const LOCALES = NUMBER_LOCALES;

/**
 * The params as words in `lang`: euros for `*Cents` (under the name without `Cents`), times for
 * `deadline` and `*At` in `timeZone` (the seller's choice; UTC when they made none) followed by the
 * zone's name, digits for numbers.
 */
export function formatParams(lang: LanguageCode, params: NotificationParams, timeZone = 'UTC'): Record<string, string> {
  const locale = LOCALES[lang];
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    // A payout method code (`paypal`) reads as its brand (`PayPal`), as on the pages.
    if (k === 'method' && typeof v === 'string') out[k] = METHOD_LABELS[v as keyof typeof METHOD_LABELS] ?? v;
    else if (typeof v === 'string') out[k] = v;
    else if (k.endsWith('Cents')) out[k.slice(0, -5)] = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(v / 100);
    else if (k === 'deadline' || k.endsWith('At')) out[k] = `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(v))} ${timeZone}`;
    else out[k] = new Intl.NumberFormat(locale).format(v);
  }
  return out;
}

/** One text in `lang` (English when the language lacks it), its placeholders filled. */
export function notificationText(lang: LanguageCode, code: string, params: NotificationParams = {}, timeZone?: string): string {
  const template = NOTIFICATION_TEXTS[lang][code] ?? NOTIFICATION_TEXTS[DEFAULT_LANGUAGE][code] ?? code;
  // The timing promises (`{reviewHours}`…, domain/timing-promises.ts) fill like any number; a param of the same name wins.
  const words: Record<string, string> = { ...promiseValues((n) => new Intl.NumberFormat(LOCALES[lang]).format(n)), ...formatParams(lang, params, timeZone) };
  return template.replace(/\{(\w+)\}/g, (m, name: string) => words[name] ?? m);
}
