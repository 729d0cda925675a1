/**
 * The words of the two notifications that tell the seller about a wait they cannot end and about
 * money that became available (`waiting_support.*`, `funds_available.*`), and the support contacts
 * line of their mails, in the eight languages. A comfort run's body is built per sub-state from what
 * happened, what the seller may do (when anything), and what happens next, so every sub-state reads
 * as one plain sentence. Merged into NOTIFICATION_TEXTS (domain/notification-texts.ts). Pure.
 */
import { LANGUAGES, type LanguageCode } from './client-config.js';
import { inSentence } from './product-names.js';

/** The comfort trade's name inside sentences of each language, as the pages write it (domain/product-names.ts). */
const C = Object.fromEntries(LANGUAGES.map((l) => [l, inSentence(l, 'comfortTrade')])) as Record<LanguageCode, string>;

type Texts = Readonly<Record<string, string>>;

/** The sub-states support solves, with words of their own (`generic` for any other reason a run waits for support). */
const SUBS = ['customer_online', 'captcha', 'wrong_platform', 'no_club', 'tradepile_full', 'market_locked', 'retries_exhausted', 'generic'] as const;
type Sub = (typeof SUBS)[number];

interface Words {
  title: string;
  /** `{coins}` and what happened. */
  stopped: string;
  what: Record<Sub, string>;
  /** What the seller may do, where there is something. */
  may: Partial<Record<Sub, string>>;
  /** After something the seller may do / when there is nothing to do. */
  nextAfter: string;
  nextNothing: string;
  purchase: string;
  fundsTitle: string;
  funds: string;
  fundsPurchase: string;
  support: string;
  email: string;
}

const WORDS: Record<LanguageCode, Words> = {
  en: {
    title: 'Your sale waits for support',
    stopped: `Your ${C.en} of {coins} coins stopped: {what}.`,
    what: {
      customer_online: 'someone is logged in to the game account (console or web app)',
      captcha: 'the game asks for a captcha',
      wrong_platform: 'the game account is not on the platform you chose',
      no_club: 'the game account has no club',
      tradepile_full: 'the transfer list (tradepile) is full',
      market_locked: 'the game account has no access to the transfer market',
      retries_exhausted: 'the transfer could not be finished after several tries',
      generic: 'only support can solve what stopped it',
    },
    may: {
      customer_online: 'You may log out of the game everywhere.',
      captcha: 'You may log in to the game\'s web app once and solve the captcha.',
      wrong_platform: 'Support cancels it; you may then submit it again with the right platform.',
      tradepile_full: 'You may empty the transfer list in the game.',
    },
    nextAfter: 'Nothing else is needed from you: support has been told and resumes the run, then the transfer goes on by itself.',
    nextNothing: 'You do not need to do anything: support has been told and resumes the run, then the transfer goes on by itself.',
    purchase: 'We could not confirm your purchase of {player} with the game after several tries. You do not need to do anything: support checks it and credits it if it was bought.',
    fundsTitle: 'Money available',
    funds: `{amount} from your ${C.en} is now in your available balance. You can withdraw it now.`,
    fundsPurchase: '{amount} for {player} is now in your available balance. You can withdraw it now.',
    support: 'Support contacts: {support}',
    email: 'Email',
  },
  ar: {
    title: 'عملية البيع بانتظار الدعم',
    stopped: `توقفت عملية ${C.ar} لـ {coins} عملة: {what}.`,
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
    funds: `أصبح {amount} من عملية ${C.ar} في رصيدك المتاح. يمكنك سحبه الآن.`,
    fundsPurchase: 'أصبح {amount} مقابل {player} في رصيدك المتاح. يمكنك سحبه الآن.',
    support: 'جهات اتصال الدعم: {support}',
    email: 'البريد الإلكتروني',
  },
  de: {
    title: 'Ihr Verkauf wartet auf den Support',
    stopped: `Ihr ${C.de} über {coins} Coins wurde angehalten: {what}.`,
    what: {
      customer_online: 'jemand ist im Spielkonto angemeldet (Konsole oder Web-App)',
      captcha: 'das Spiel verlangt ein Captcha',
      wrong_platform: 'das Spielkonto ist nicht auf der gewählten Plattform',
      no_club: 'das Spielkonto hat keinen Club',
      tradepile_full: 'die Transferliste (Tradepile) ist voll',
      market_locked: 'das Spielkonto hat keinen Zugang zum Transfermarkt',
      retries_exhausted: 'die Übertragung ließ sich nach mehreren Versuchen nicht abschließen',
      generic: 'nur der Support kann lösen, was ihn angehalten hat',
    },
    may: {
      customer_online: 'Sie können sich überall aus dem Spiel abmelden.',
      captcha: 'Sie können sich einmal in der Web-App des Spiels anmelden und das Captcha lösen.',
      wrong_platform: 'Der Support bricht ihn ab; danach können Sie ihn mit der richtigen Plattform erneut einreichen.',
      tradepile_full: 'Sie können die Transferliste im Spiel leeren.',
    },
    nextAfter: 'Mehr ist von Ihnen nicht nötig: Der Support ist informiert und setzt den Vorgang fort, dann läuft die Übertragung von selbst weiter.',
    nextNothing: 'Sie müssen nichts tun: Der Support ist informiert und setzt den Vorgang fort, dann läuft die Übertragung von selbst weiter.',
    purchase: 'Wir konnten Ihren Kauf von {player} auch nach mehreren Versuchen nicht beim Spiel bestätigen. Sie müssen nichts tun: Der Support prüft ihn und schreibt ihn gut, wenn er gekauft wurde.',
    fundsTitle: 'Geld verfügbar',
    funds: `{amount} aus Ihrem ${C.de} sind jetzt in Ihrem verfügbaren Guthaben. Sie können sie jetzt auszahlen lassen.`,
    fundsPurchase: '{amount} für {player} sind jetzt in Ihrem verfügbaren Guthaben. Sie können sie jetzt auszahlen lassen.',
    support: 'Support-Kontakte: {support}',
    email: 'E-Mail',
  },
  es: {
    title: 'Tu venta espera al soporte',
    stopped: `Tu ${C.es} de {coins} monedas se detuvo: {what}.`,
    what: {
      customer_online: 'alguien ha iniciado sesión en la cuenta del juego (consola o web app)',
      captcha: 'el juego pide un captcha',
      wrong_platform: 'la cuenta del juego no está en la plataforma que elegiste',
      no_club: 'la cuenta del juego no tiene club',
      tradepile_full: 'la lista de transferencias (tradepile) está llena',
      market_locked: 'la cuenta del juego no tiene acceso al mercado de transferencias',
      retries_exhausted: 'la transferencia no pudo terminarse tras varios intentos',
      generic: 'solo el soporte puede resolver lo que la detuvo',
    },
    may: {
      customer_online: 'Puedes cerrar sesión del juego en todas partes.',
      captcha: 'Puedes iniciar sesión una vez en la web app del juego y resolver el captcha.',
      wrong_platform: 'El soporte la cancela; después puedes enviarla de nuevo con la plataforma correcta.',
      tradepile_full: 'Puedes vaciar la lista de transferencias en el juego.',
    },
    nextAfter: 'No necesitas hacer nada más: el soporte ya está avisado y reanuda la operación; después la transferencia sigue sola.',
    nextNothing: 'No necesitas hacer nada: el soporte ya está avisado y reanuda la operación; después la transferencia sigue sola.',
    purchase: 'No pudimos confirmar con el juego tu compra de {player} tras varios intentos. No necesitas hacer nada: el soporte la revisa y la abona si se compró.',
    fundsTitle: 'Dinero disponible',
    funds: `{amount} de tu ${C.es} ya están en tu saldo disponible. Puedes retirarlos ahora.`,
    fundsPurchase: '{amount} por {player} ya están en tu saldo disponible. Puedes retirarlos ahora.',
    support: 'Contactos de soporte: {support}',
    email: 'Correo',
  },
  fr: {
    title: 'Votre vente attend le support',
    stopped: `Votre ${C.fr} de {coins} crédits s'est arrêtée : {what}.`,
    what: {
      customer_online: 'quelqu\'un est connecté au compte de jeu (console ou web app)',
      captcha: 'le jeu demande un captcha',
      wrong_platform: 'le compte de jeu n\'est pas sur la plateforme choisie',
      no_club: 'le compte de jeu n\'a pas de club',
      tradepile_full: 'la liste de transferts (tradepile) est pleine',
      market_locked: 'le compte de jeu n\'a pas accès au marché des transferts',
      retries_exhausted: 'le transfert n\'a pas pu aboutir après plusieurs essais',
      generic: 'seul le support peut résoudre ce qui l\'a arrêté',
    },
    may: {
      customer_online: 'Vous pouvez vous déconnecter du jeu partout.',
      captcha: 'Vous pouvez vous connecter une fois à la web app du jeu et résoudre le captcha.',
      wrong_platform: 'Le support l\'annule ; vous pourrez ensuite le soumettre à nouveau avec la bonne plateforme.',
      tradepile_full: 'Vous pouvez vider la liste de transferts dans le jeu.',
    },
    nextAfter: 'Rien d\'autre n\'est nécessaire de votre part : le support est prévenu et relance l\'opération, puis le transfert continue tout seul.',
    nextNothing: 'Vous n\'avez rien à faire : le support est prévenu et relance l\'opération, puis le transfert continue tout seul.',
    purchase: 'Nous n\'avons pas pu confirmer auprès du jeu votre achat de {player} après plusieurs essais. Vous n\'avez rien à faire : le support le vérifie et le crédite s\'il a été acheté.',
    fundsTitle: 'Argent disponible',
    funds: `{amount} de votre ${C.fr} sont maintenant dans votre solde disponible. Vous pouvez les retirer dès maintenant.`,
    fundsPurchase: '{amount} pour {player} sont maintenant dans votre solde disponible. Vous pouvez les retirer dès maintenant.',
    support: 'Contacts du support : {support}',
    email: 'E-mail',
  },
  pt: {
    title: 'Sua venda aguarda o suporte',
    stopped: `Sua ${C.pt} de {coins} moedas parou: {what}.`,
    what: {
      customer_online: 'alguém está conectado à conta do jogo (console ou web app)',
      captcha: 'o jogo pede um captcha',
      wrong_platform: 'a conta do jogo não está na plataforma que você escolheu',
      no_club: 'a conta do jogo não tem clube',
      tradepile_full: 'a lista de transferências (tradepile) está cheia',
      market_locked: 'a conta do jogo não tem acesso ao mercado de transferências',
      retries_exhausted: 'a transferência não pôde ser concluída após várias tentativas',
      generic: 'só o suporte pode resolver o que a parou',
    },
    may: {
      customer_online: 'Você pode sair do jogo em todos os lugares.',
      captcha: 'Você pode entrar uma vez no web app do jogo e resolver o captcha.',
      wrong_platform: 'O suporte a cancela; depois você pode enviá-la de novo com a plataforma certa.',
      tradepile_full: 'Você pode esvaziar a lista de transferências no jogo.',
    },
    nextAfter: 'Nada mais é preciso da sua parte: o suporte foi avisado e retoma a operação; depois a transferência continua sozinha.',
    nextNothing: 'Você não precisa fazer nada: o suporte foi avisado e retoma a operação; depois a transferência continua sozinha.',
    purchase: 'Não conseguimos confirmar com o jogo sua compra de {player} após várias tentativas. Você não precisa fazer nada: o suporte verifica e credita se foi comprado.',
    fundsTitle: 'Dinheiro disponível',
    funds: `{amount} da sua ${C.pt} já estão no seu saldo disponível. Você pode sacar agora.`,
    fundsPurchase: '{amount} por {player} já estão no seu saldo disponível. Você pode sacar agora.',
    support: 'Contatos do suporte: {support}',
    email: 'E-mail',
  },
  fa: {
    title: 'فروش شما منتظر پشتیبانی است',
    stopped: `${C.fa} شما برای {coins} سکه متوقف شد: {what}.`,
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
    funds: `{amount} از ${C.fa} شما اکنون در موجودی در دسترس شماست. همین حالا می‌توانید آن را برداشت کنید.`,
    fundsPurchase: '{amount} برای {player} اکنون در موجودی در دسترس شماست. همین حالا می‌توانید آن را برداشت کنید.',
    support: 'راه‌های تماس با پشتیبانی: {support}',
    email: 'ایمیل',
  },
  zh: {
    title: '您的出售正在等待客服处理',
    stopped: `您的 {coins} 金币${C.zh}已暂停：{what}。`,
    what: {
      customer_online: '有人登录了该游戏账号（主机或网页应用）',
      captcha: '游戏要求完成验证码',
      wrong_platform: '该游戏账号不在您选择的平台上',
      no_club: '该游戏账号没有俱乐部',
      tradepile_full: '转会列表（tradepile）已满',
      market_locked: '该游戏账号无法使用转会市场',
      retries_exhausted: '多次尝试后仍无法完成转移',
      generic: '只有客服能解决导致暂停的问题',
    },
    may: {
      customer_online: '您可以在所有设备上退出游戏。',
      captcha: '您可以登录一次游戏网页应用并完成验证码。',
      wrong_platform: '客服会取消该订单；之后您可以用正确的平台重新提交。',
      tradepile_full: '您可以在游戏中清空转会列表。',
    },
    nextAfter: '您无需再做其他事情：客服已收到通知并会恢复该订单，之后转移会自动继续。',
    nextNothing: '您无需做任何事情：客服已收到通知并会恢复该订单，之后转移会自动继续。',
    purchase: '多次尝试后，我们仍无法向游戏确认您购买了 {player}。您无需做任何事情：客服会核实，如已购买则为您入账。',
    fundsTitle: '资金已可用',
    funds: `您的${C.zh}收入 {amount} 现已进入可用余额，现在即可提现。`,
    fundsPurchase: '{player} 的收入 {amount} 现已进入可用余额，现在即可提现。',
    support: '客服联系方式：{support}',
    email: '邮箱',
  },
};

function textsOf(w: Words): Texts {
  const out: Record<string, string> = {
    'waiting_support.title': w.title,
    'waiting_support.purchase': w.purchase,
    'funds_available.title': w.fundsTitle,
    'funds_available.body': w.funds,
    'funds_available.purchase': w.fundsPurchase,
    'mail.support': w.support,
    'mail.support_email': w.email,
  };
  for (const sub of SUBS) {
    const may = w.may[sub];
    // `{what}` is filled here, not from params: the sentence is the sub-state's own.
    out[`waiting_support.${sub}`] = [w.stopped.replace('{what}', w.what[sub]), ...(may ? [may, w.nextAfter] : [w.nextNothing])].join(' ');
  }
  return out;
}

/** The support wait's and the available money's words, by language. */
export const SUPPORT_NOTIFICATION_TEXTS: Readonly<Record<LanguageCode, Texts>> = {
  en: textsOf(WORDS.en), ar: textsOf(WORDS.ar), de: textsOf(WORDS.de), es: textsOf(WORDS.es),
  fr: textsOf(WORDS.fr), pt: textsOf(WORDS.pt), fa: textsOf(WORDS.fa), zh: textsOf(WORDS.zh),
};
