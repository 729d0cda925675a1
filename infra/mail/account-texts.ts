/**
 * The words of the account mails (sign-in code, password reset, address proof, payout-change and
 * re-authentication codes, withdrawal code) in the eight languages of the web app, so a seller reads
 * them in the language they use the site in (stored with their notification preferences). `{name}`
 * placeholders; `{minutes}` is a counted phrase with each language's plural forms (Arabic has six).
 * Brand and method names are the pages' (CoinMarket, PayPal…: tests/unit/glossary.test.ts).
 */
import type { LanguageCode } from '../../domain/client-config.js';
import { NUMBER_LOCALES } from '../../domain/notification-texts.js';

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface AccountMailTexts {
  /** "{n} minutes", by plural form. */
  minutes: Plural;
  /** Under every account mail: who sent it and what we never ask for. */
  footer: string;
  signInSubject: string; signInLead: string; signInClose: string;
  resetSubject: string; resetLead: string; resetClose: string;
  proofSubject: string; proofLead: string; proofWhySignUp: string; proofCloseSignUp: string; proofClose: string;
  payoutSubject: string; payoutLead: string; payoutClose: string;
  reauthSubject: string; reauthLead: string; reauthClose: string;
  withdrawSubject: string; withdrawWhat: string; withdrawReceive: string; withdrawReceiveQuote: string; withdrawLead: string; withdrawClose: string;
}

const en: AccountMailTexts = {
  minutes: { one: '{n} minute', other: '{n} minutes' },
  footer: 'This mail was sent by CoinMarket. We never ask for your password or a code by mail, chat or phone.',
  signInSubject: 'Your verification code to sign in',
  signInLead: 'Your code to sign in to CoinMarket is',
  signInClose: 'It expires in {minutes} and works once. If you did not ask for it, ignore this mail: nobody can sign in without the code.',
  resetSubject: 'Reset your password',
  resetLead: 'Open this link to set a new password:',
  resetClose: 'The link works once and expires in {minutes}. If you did not ask for it, ignore this mail: your password stays as it is.',
  proofSubject: 'Verify your email address',
  proofLead: 'Your code to verify this email address is',
  proofWhySignUp: 'A CoinMarket account was just created with this email address. Payouts need this address verified: enter the code in Settings, or on the banner at the top of the site.',
  proofCloseSignUp: 'It expires in {minutes} and works once; Settings sends a new one. If you did not sign up, ignore this mail: without the code nothing can be paid out of that account.',
  proofClose: 'It expires in {minutes} and works once. If you did not ask for it, ignore this mail.',
  payoutSubject: 'Confirm your payment method change',
  payoutLead: 'Your code to change your payment method is',
  payoutClose: 'It expires in {minutes} and works once. If you did not ask for it, change your password and contact support.',
  reauthSubject: 'Confirm it is you',
  reauthLead: 'Your code to confirm it is you is',
  reauthClose: 'It expires in {minutes} and works once. It lets you see new API key and webhook secrets. If you did not ask for it, change your password and contact support.',
  withdrawSubject: 'Your withdrawal verification code',
  withdrawWhat: 'You asked for a withdrawal of {amount} to your {method} account {payee} (you receive {receive}).',
  withdrawReceive: '{payout} after fees',
  withdrawReceiveQuote: '{payout} after fees, at the locked rate 1 EUR = {rate} {currency}',
  withdrawLead: 'Your verification code is',
  withdrawClose: 'It expires in {minutes} and works once, for this withdrawal only. If you did not ask for it, change your password: nobody can withdraw without the code.',
};

const ar: AccountMailTexts = {
  minutes: { zero: '{n} دقيقة', one: 'دقيقة واحدة', two: 'دقيقتين', few: '{n} دقائق', many: '{n} دقيقة', other: '{n} دقيقة' },
  footer: 'أُرسلت هذه الرسالة من CoinMarket. لا نطلب منك أبدًا كلمة المرور أو أي رمز عبر البريد أو الدردشة أو الهاتف.',
  signInSubject: 'رمز التحقق لتسجيل الدخول',
  signInLead: 'رمزك لتسجيل الدخول إلى CoinMarket هو',
  signInClose: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة: لا يمكن لأحد تسجيل الدخول دون الرمز.',
  resetSubject: 'إعادة تعيين كلمة المرور',
  resetLead: 'افتح هذا الرابط لتعيين كلمة مرور جديدة:',
  resetClose: 'يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال {minutes}. إن لم تطلبه فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  proofSubject: 'تأكيد عنوان بريدك الإلكتروني',
  proofLead: 'رمزك لتأكيد عنوان البريد هذا هو',
  proofWhySignUp: 'أُنشئ للتو حساب في CoinMarket بعنوان البريد هذا. تتطلب عمليات السحب تأكيد هذا العنوان: أدخل الرمز في الإعدادات أو في الشريط أعلى الموقع.',
  proofCloseSignUp: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة؛ ويمكنك طلب رمز جديد من الإعدادات. إن لم تنشئ حسابًا فتجاهل هذه الرسالة: دون الرمز لا يمكن سحب أي شيء من ذلك الحساب.',
  proofClose: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة.',
  payoutSubject: 'تأكيد تغيير طريقة الدفع',
  payoutLead: 'رمزك لتغيير طريقة الدفع هو',
  payoutClose: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة. إن لم تطلبه فغيّر كلمة مرورك وتواصل مع الدعم.',
  reauthSubject: 'تأكيد هويتك',
  reauthLead: 'رمزك لتأكيد هويتك هو',
  reauthClose: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة. يتيح لك رؤية أسرار مفاتيح API وWebhook الجديدة. إن لم تطلبه فغيّر كلمة مرورك وتواصل مع الدعم.',
  withdrawSubject: 'رمز التحقق من السحب',
  withdrawWhat: 'طلبت سحب {amount} إلى حسابك في {method} ‏{payee} (تستلم {receive}).',
  withdrawReceive: '{payout} بعد الرسوم',
  withdrawReceiveQuote: '{payout} بعد الرسوم، بالسعر المثبّت 1 EUR = {rate} {currency}',
  withdrawLead: 'رمز التحقق الخاص بك هو',
  withdrawClose: 'تنتهي صلاحيته خلال {minutes} ويعمل مرة واحدة، لهذا السحب فقط. إن لم تطلبه فغيّر كلمة مرورك: لا يمكن لأحد السحب دون الرمز.',
};

const de: AccountMailTexts = {
  minutes: { one: '{n} Minute', other: '{n} Minuten' },
  footer: 'Diese E-Mail kommt von CoinMarket. Wir fragen nie per E-Mail, Chat oder Telefon nach deinem Passwort oder einem Code.',
  signInSubject: 'Dein Bestätigungscode zum Anmelden',
  signInLead: 'Dein Code zum Anmelden bei CoinMarket lautet',
  signInClose: 'Er läuft in {minutes} ab und gilt einmal. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Ohne den Code kann sich niemand anmelden.',
  resetSubject: 'Passwort zurücksetzen',
  resetLead: 'Öffne diesen Link, um ein neues Passwort festzulegen:',
  resetClose: 'Der Link gilt einmal und läuft in {minutes} ab. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.',
  proofSubject: 'Bestätige deine E-Mail-Adresse',
  proofLead: 'Dein Code zur Bestätigung dieser E-Mail-Adresse lautet',
  proofWhySignUp: 'Mit dieser E-Mail-Adresse wurde soeben ein CoinMarket-Konto erstellt. Für Auszahlungen muss die Adresse bestätigt sein: Gib den Code in den Einstellungen oder im Banner oben auf der Website ein.',
  proofCloseSignUp: 'Er läuft in {minutes} ab und gilt einmal; in den Einstellungen bekommst du einen neuen. Wenn du dich nicht registriert hast, ignoriere diese E-Mail: Ohne den Code kann von diesem Konto nichts ausgezahlt werden.',
  proofClose: 'Er läuft in {minutes} ab und gilt einmal. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.',
  payoutSubject: 'Bestätige die Änderung deiner Zahlungsmethode',
  payoutLead: 'Dein Code zum Ändern deiner Zahlungsmethode lautet',
  payoutClose: 'Er läuft in {minutes} ab und gilt einmal. Wenn du ihn nicht angefordert hast, ändere dein Passwort und wende dich an den Kundendienst.',
  reauthSubject: 'Bestätige, dass du es bist',
  reauthLead: 'Dein Code zur Bestätigung, dass du es bist, lautet',
  reauthClose: 'Er läuft in {minutes} ab und gilt einmal. Damit siehst du neue Geheimnisse von API-Schlüsseln und Webhooks. Wenn du ihn nicht angefordert hast, ändere dein Passwort und wende dich an den Kundendienst.',
  withdrawSubject: 'Dein Bestätigungscode für die Auszahlung',
  withdrawWhat: 'Du hast eine Auszahlung von {amount} auf dein {method}-Konto {payee} angefordert (du erhältst {receive}).',
  withdrawReceive: '{payout} nach Gebühren',
  withdrawReceiveQuote: '{payout} nach Gebühren, zum festen Kurs 1 EUR = {rate} {currency}',
  withdrawLead: 'Dein Bestätigungscode lautet',
  withdrawClose: 'Er läuft in {minutes} ab und gilt einmal, nur für diese Auszahlung. Wenn du ihn nicht angefordert hast, ändere dein Passwort: Ohne den Code kann niemand auszahlen.',
};

const es: AccountMailTexts = {
  minutes: { one: '{n} minuto', many: '{n} de minutos', other: '{n} minutos' },
  footer: 'Este correo lo envió CoinMarket. Nunca te pedimos tu contraseña ni un código por correo, chat o teléfono.',
  signInSubject: 'Tu código de verificación para iniciar sesión',
  signInLead: 'Tu código para iniciar sesión en CoinMarket es',
  signInClose: 'Caduca en {minutes} y sirve una vez. Si no lo pediste, ignora este correo: nadie puede iniciar sesión sin el código.',
  resetSubject: 'Restablece tu contraseña',
  resetLead: 'Abre este enlace para elegir una contraseña nueva:',
  resetClose: 'El enlace sirve una vez y caduca en {minutes}. Si no lo pediste, ignora este correo: tu contraseña no cambia.',
  proofSubject: 'Verifica tu correo electrónico',
  proofLead: 'Tu código para verificar este correo es',
  proofWhySignUp: 'Se acaba de crear una cuenta de CoinMarket con este correo. Los retiros necesitan este correo verificado: introduce el código en Ajustes o en el aviso de la parte superior del sitio.',
  proofCloseSignUp: 'Caduca en {minutes} y sirve una vez; en Ajustes puedes pedir otro. Si no te registraste, ignora este correo: sin el código no se puede retirar nada de esa cuenta.',
  proofClose: 'Caduca en {minutes} y sirve una vez. Si no lo pediste, ignora este correo.',
  payoutSubject: 'Confirma el cambio de tu método de pago',
  payoutLead: 'Tu código para cambiar tu método de pago es',
  payoutClose: 'Caduca en {minutes} y sirve una vez. Si no lo pediste, cambia tu contraseña y contacta con soporte.',
  reauthSubject: 'Confirma que eres tú',
  reauthLead: 'Tu código para confirmar que eres tú es',
  reauthClose: 'Caduca en {minutes} y sirve una vez. Te permite ver los secretos nuevos de claves API y webhooks. Si no lo pediste, cambia tu contraseña y contacta con soporte.',
  withdrawSubject: 'Tu código de verificación de retiro',
  withdrawWhat: 'Pediste un retiro de {amount} a tu cuenta de {method} {payee} (recibes {receive}).',
  withdrawReceive: '{payout} tras comisiones',
  withdrawReceiveQuote: '{payout} tras comisiones, al tipo fijado 1 EUR = {rate} {currency}',
  withdrawLead: 'Tu código de verificación es',
  withdrawClose: 'Caduca en {minutes} y sirve una vez, solo para este retiro. Si no lo pediste, cambia tu contraseña: nadie puede retirar sin el código.',
};

const fr: AccountMailTexts = {
  minutes: { one: '{n} minute', many: '{n} de minutes', other: '{n} minutes' },
  footer: 'Ce message vous a été envoyé par CoinMarket. Nous ne demandons jamais votre mot de passe ni un code par e-mail, chat ou téléphone.',
  signInSubject: 'Votre code de vérification pour vous connecter',
  signInLead: 'Votre code pour vous connecter à CoinMarket est',
  signInClose: 'Il expire dans {minutes} et ne sert qu’une fois. Si vous ne l’avez pas demandé, ignorez ce message : personne ne peut se connecter sans le code.',
  resetSubject: 'Réinitialisez votre mot de passe',
  resetLead: 'Ouvrez ce lien pour choisir un nouveau mot de passe :',
  resetClose: 'Le lien ne sert qu’une fois et expire dans {minutes}. Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.',
  proofSubject: 'Vérifiez votre adresse e-mail',
  proofLead: 'Votre code pour vérifier cette adresse e-mail est',
  proofWhySignUp: 'Un compte CoinMarket vient d’être créé avec cette adresse e-mail. Les retraits exigent que cette adresse soit vérifiée : saisissez le code dans les Paramètres ou dans le bandeau en haut du site.',
  proofCloseSignUp: 'Il expire dans {minutes} et ne sert qu’une fois ; les Paramètres en envoient un nouveau. Si vous ne vous êtes pas inscrit, ignorez ce message : sans le code, rien ne peut être retiré de ce compte.',
  proofClose: 'Il expire dans {minutes} et ne sert qu’une fois. Si vous ne l’avez pas demandé, ignorez ce message.',
  payoutSubject: 'Confirmez le changement de votre moyen de paiement',
  payoutLead: 'Votre code pour changer votre moyen de paiement est',
  payoutClose: 'Il expire dans {minutes} et ne sert qu’une fois. Si vous ne l’avez pas demandé, changez votre mot de passe et contactez l’assistance.',
  reauthSubject: 'Confirmez que c’est bien vous',
  reauthLead: 'Votre code pour confirmer que c’est bien vous est',
  reauthClose: 'Il expire dans {minutes} et ne sert qu’une fois. Il vous permet de voir les nouveaux secrets de clés API et de webhooks. Si vous ne l’avez pas demandé, changez votre mot de passe et contactez l’assistance.',
  withdrawSubject: 'Votre code de vérification de retrait',
  withdrawWhat: 'Vous avez demandé un retrait de {amount} vers votre compte {method} {payee} (vous recevez {receive}).',
  withdrawReceive: '{payout} après frais',
  withdrawReceiveQuote: '{payout} après frais, au taux bloqué 1 EUR = {rate} {currency}',
  withdrawLead: 'Votre code de vérification est',
  withdrawClose: 'Il expire dans {minutes} et ne sert qu’une fois, pour ce retrait uniquement. Si vous ne l’avez pas demandé, changez votre mot de passe : personne ne peut retirer sans le code.',
};

const pt: AccountMailTexts = {
  minutes: { one: '{n} minuto', many: '{n} de minutos', other: '{n} minutos' },
  footer: 'Este e-mail foi enviado pela CoinMarket. Nunca pedimos sua senha nem um código por e-mail, chat ou telefone.',
  signInSubject: 'Seu código de verificação para entrar',
  signInLead: 'Seu código para entrar na CoinMarket é',
  signInClose: 'Ele expira em {minutes} e vale uma vez. Se você não o pediu, ignore este e-mail: ninguém entra sem o código.',
  resetSubject: 'Redefina sua senha',
  resetLead: 'Abra este link para criar uma senha nova:',
  resetClose: 'O link vale uma vez e expira em {minutes}. Se você não o pediu, ignore este e-mail: sua senha continua a mesma.',
  proofSubject: 'Confirme seu endereço de e-mail',
  proofLead: 'Seu código para confirmar este endereço de e-mail é',
  proofWhySignUp: 'Uma conta CoinMarket acabou de ser criada com este endereço de e-mail. Os saques exigem este endereço confirmado: digite o código em Configurações ou no aviso no topo do site.',
  proofCloseSignUp: 'Ele expira em {minutes} e vale uma vez; Configurações envia um novo. Se você não se cadastrou, ignore este e-mail: sem o código nada pode ser sacado dessa conta.',
  proofClose: 'Ele expira em {minutes} e vale uma vez. Se você não o pediu, ignore este e-mail.',
  payoutSubject: 'Confirme a troca do seu método de pagamento',
  payoutLead: 'Seu código para trocar seu método de pagamento é',
  payoutClose: 'Ele expira em {minutes} e vale uma vez. Se você não o pediu, troque sua senha e fale com o suporte.',
  reauthSubject: 'Confirme que é você',
  reauthLead: 'Seu código para confirmar que é você é',
  reauthClose: 'Ele expira em {minutes} e vale uma vez. Ele permite ver os novos segredos de chaves de API e webhooks. Se você não o pediu, troque sua senha e fale com o suporte.',
  withdrawSubject: 'Seu código de verificação de saque',
  withdrawWhat: 'Você pediu um saque de {amount} para sua conta {method} {payee} (você recebe {receive}).',
  withdrawReceive: '{payout} após as taxas',
  withdrawReceiveQuote: '{payout} após as taxas, à taxa travada 1 EUR = {rate} {currency}',
  withdrawLead: 'Seu código de verificação é',
  withdrawClose: 'Ele expira em {minutes} e vale uma vez, só para este saque. Se você não o pediu, troque sua senha: ninguém saca sem o código.',
};

const fa: AccountMailTexts = {
  minutes: { one: '{n} دقیقه', other: '{n} دقیقه' },
  footer: 'این ایمیل را CoinMarket فرستاده است. ما هرگز رمز عبور یا کدی را از طریق ایمیل، چت یا تلفن از شما نمی‌خواهیم.',
  signInSubject: 'کد تأیید ورود شما',
  signInLead: 'کد شما برای ورود به CoinMarket این است',
  signInClose: 'این کد تا {minutes} دیگر معتبر است و یک بار کار می‌کند. اگر آن را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید: بدون کد هیچ‌کس نمی‌تواند وارد شود.',
  resetSubject: 'بازنشانی رمز عبور',
  resetLead: 'برای تعیین رمز عبور جدید این پیوند را باز کنید:',
  resetClose: 'پیوند یک بار کار می‌کند و تا {minutes} دیگر معتبر است. اگر آن را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید: رمز عبور شما تغییر نمی‌کند.',
  proofSubject: 'نشانی ایمیل خود را تأیید کنید',
  proofLead: 'کد شما برای تأیید این نشانی ایمیل این است',
  proofWhySignUp: 'همین الان با این نشانی ایمیل یک حساب CoinMarket ساخته شد. برای برداشت، این نشانی باید تأیید شود: کد را در تنظیمات یا در نوار بالای سایت وارد کنید.',
  proofCloseSignUp: 'این کد تا {minutes} دیگر معتبر است و یک بار کار می‌کند؛ از تنظیمات می‌توانید کد تازه بگیرید. اگر ثبت‌نام نکرده‌اید، این ایمیل را نادیده بگیرید: بدون کد نمی‌توان از آن حساب برداشت کرد.',
  proofClose: 'این کد تا {minutes} دیگر معتبر است و یک بار کار می‌کند. اگر آن را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید.',
  payoutSubject: 'تغییر روش پرداخت را تأیید کنید',
  payoutLead: 'کد شما برای تغییر روش پرداخت این است',
  payoutClose: 'این کد تا {minutes} دیگر معتبر است و یک بار کار می‌کند. اگر آن را درخواست نکرده‌اید، رمز عبور خود را عوض کنید و با پشتیبانی تماس بگیرید.',
  reauthSubject: 'تأیید کنید که خودتان هستید',
  reauthLead: 'کد شما برای تأیید هویت این است',
  reauthClose: 'این کد تا {minutes} دیگر معتبر است و یک بار کار می‌کند. با آن رمزهای تازهٔ کلیدهای API و وب‌هوک را می‌بینید. اگر آن را درخواست نکرده‌اید، رمز عبور خود را عوض کنید و با پشتیبانی تماس بگیرید.',
  withdrawSubject: 'کد تأیید برداشت شما',
  withdrawWhat: 'شما برداشت {amount} به حساب {method} خود ‏{payee} را درخواست کردید (دریافتی شما: {receive}).',
  withdrawReceive: '{payout} پس از کارمزد',
  withdrawReceiveQuote: '{payout} پس از کارمزد، با نرخ ثابت‌شدهٔ 1 EUR = {rate} {currency}',
  withdrawLead: 'کد تأیید شما این است',
  withdrawClose: 'این کد تا {minutes} دیگر معتبر است و یک بار و فقط برای همین برداشت کار می‌کند. اگر آن را درخواست نکرده‌اید، رمز عبور خود را عوض کنید: بدون کد هیچ‌کس نمی‌تواند برداشت کند.',
};

const zh: AccountMailTexts = {
  minutes: { other: '{n} 分钟' },
  footer: '此邮件由 CoinMarket 发送。我们绝不会通过邮件、聊天或电话向您索要密码或验证码。',
  signInSubject: '您的登录验证码',
  signInLead: '您登录 CoinMarket 的验证码是',
  signInClose: '验证码 {minutes}后失效，仅可使用一次。如果不是您本人申请，请忽略此邮件：没有验证码，任何人都无法登录。',
  resetSubject: '重置您的密码',
  resetLead: '打开此链接设置新密码：',
  resetClose: '该链接仅可使用一次，{minutes}后失效。如果不是您本人申请，请忽略此邮件：您的密码保持不变。',
  proofSubject: '验证您的邮箱地址',
  proofLead: '您验证此邮箱地址的验证码是',
  proofWhySignUp: '刚刚有人用此邮箱地址创建了 CoinMarket 账号。提现需要先验证此地址：请在设置中或网站顶部的横幅中输入验证码。',
  proofCloseSignUp: '验证码 {minutes}后失效，仅可使用一次；可在设置中重新发送。如果您没有注册，请忽略此邮件：没有验证码，该账号无法提现。',
  proofClose: '验证码 {minutes}后失效，仅可使用一次。如果不是您本人申请，请忽略此邮件。',
  payoutSubject: '确认更改收款方式',
  payoutLead: '您更改收款方式的验证码是',
  payoutClose: '验证码 {minutes}后失效，仅可使用一次。如果不是您本人申请，请修改密码并联系客服。',
  reauthSubject: '确认是您本人',
  reauthLead: '您确认身份的验证码是',
  reauthClose: '验证码 {minutes}后失效，仅可使用一次。使用它可以查看新的 API 密钥和 Webhook 密钥。如果不是您本人申请，请修改密码并联系客服。',
  withdrawSubject: '您的提现验证码',
  withdrawWhat: '您申请将 {amount} 提现到您的 {method} 账号 {payee}（到账 {receive}）。',
  withdrawReceive: '扣除手续费后 {payout}',
  withdrawReceiveQuote: '扣除手续费后 {payout}，锁定汇率 1 EUR = {rate} {currency}',
  withdrawLead: '您的验证码是',
  withdrawClose: '验证码 {minutes}后失效，仅可使用一次，且仅限本次提现。如果不是您本人申请，请修改密码：没有验证码，任何人都无法提现。',
};

export const ACCOUNT_MAIL_TEXTS: Readonly<Record<LanguageCode, AccountMailTexts>> = { en, ar, de, es, fr, pt, fa, zh };

/** "10 minutes" in `lang`: the plural form CLDR picks for `n`, the number in the language's digits. */
export function minutesIn(lang: LanguageCode, n: number): string {
  const forms = ACCOUNT_MAIL_TEXTS[lang].minutes;
  const form = forms[new Intl.PluralRules(lang).select(n)] ?? forms.other;
  return form.replace('{n}', new Intl.NumberFormat(NUMBER_LOCALES[lang]).format(n));
}

/** One account mail text of `lang` with its `{name}` placeholders filled. */
export function accountText(lang: LanguageCode, key: Exclude<keyof AccountMailTexts, 'minutes'>, params: Readonly<Record<string, string>> = {}): string {
  return ACCOUNT_MAIL_TEXTS[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
}
