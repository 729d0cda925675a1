import player from './player/es';
import account from './account/es';
import comfort from './comfort/es';
import apikeys from './apikeys/es';
import webhooks from './webhooks/es';
import notifications from './notifications/es';
import withdraw from './withdraw/es';
import type { Dict } from './en';

const es: Dict = {
  brand: 'CoinMarket',
  loading: 'Cargando…',
  /** API error codes shown to sellers (beyond account messages and purchase reasons), by code. */
  errors: {
    unavailable: 'El servicio está ocupado ahora mismo, inténtalo de nuevo en un momento.',
    duplicate_request: 'Esta solicitud ya se usó para otra selección. Vuelve a elegir.',
    not_possible: 'Esta acción ya no es posible',
    purchase_not_found: 'Compra no encontrada',
    too_many_accounts: 'Puedes añadir como máximo {{max}} cuentas de juego',
    account_taken: 'Esta cuenta de juego ya está registrada por otro vendedor',
    insufficient_balance: 'El saldo no es suficiente para esta operación',
    wallet_busy: 'El monedero está ocupado, inténtalo de nuevo',
    invalid_amount: 'Introduce un importe entero y no negativo',
    amount_too_large: 'El importe es demasiado grande',
  },
  nav: {
    main: 'Navegación principal',
    skip: 'Saltar al contenido',
    home: 'Inicio',
    menu: 'Menú',
    sellCoins: 'Vender monedas',
    playerTrade: 'Venta por jugador',
    comfortTrade: 'Venta cómoda',
    sellRecord: 'Historial de ventas',
    balance: 'Saldo',
    settings: 'Ajustes',
    logout: 'Cerrar sesión',
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    faq: 'Preguntas frecuentes',
    language: 'Idioma',
  },
  footer: {
    legal: 'Información legal',
    terms: 'Condiciones del servicio',
    privacy: 'Política de privacidad',
    withdrawal: 'Métodos de retiro',
    support: 'Soporte',
    rights: '© {{year}} CoinMarket. Sin relación con ningún editor de videojuegos.',
  },
  channels: {
    email: 'Correo electrónico',
    discord: 'Discord',
    whatsapp: 'WhatsApp',
    telegram: 'Telegram',
    qq: 'QQ',
  },
  titles: {
    home: 'Vende monedas del juego de fútbol por euros',
    signin: 'Iniciar sesión',
    signup: 'Registrarse',
    password: 'Olvidé mi contraseña',
    passwordReset: 'Crear una contraseña nueva',
    comfortTrade: 'Vender monedas: venta cómoda',
    playerTrade: 'Vender monedas: venta por jugador',
    auctionDetail: 'Detalles del jugador',
    transferPage: 'Vender monedas',
    accountList: 'Lista de cuentas',
    myInfo: 'Ajustes',
    playerRecord: 'Historial de ventas: venta por jugador',
    soldRecord: 'Historial de ventas: venta cómoda',
    balance: 'Saldo',
    withdraw: 'Retirar',
    notifications: 'Notificaciones',
    faq: 'Preguntas frecuentes',
    withdrawalRules: 'Instrucciones de retiro',
    terms: 'Condiciones del servicio',
    privacy: 'Política de privacidad',
    notFound: 'Página no encontrada',
  },
  placeholder: {
    body: 'Estamos preparando esta página. Vuelve pronto o contacta con soporte si necesitas ayuda ahora.',
    visitor: 'Inicia sesión para ver todo el contenido',
  },
  notFound: {
    text: 'La página que buscas no existe o se ha movido.',
    back: 'Volver a la página de inicio',
  },
  /** /transfer-page: the two ways to sell, where the header's "Sell coins" leads. */
  sellCoins: {
    intro: 'Dos formas de vender tus monedas. Ambas pagan en euros a tu saldo.',
    playerText: 'Elige una carta de jugador publicada y cómprala con tu propia cuenta de juego en 5 minutos. Rápido, y tu cuenta sigue bajo tu control.',
    playerGo: 'Vender con intercambio de jugador',
    comfortText: 'Danos el acceso a tu web app y al menos 100.000 monedas; nosotros las transferimos por ti. No inicies sesión mientras dura la transferencia.',
    comfortGo: 'Vender con venta cómoda',
  },
  home: {
    notice: 'La venta de monedas de la edición anterior está cerrada. La venta de la nueva edición ya está abierta.',
    heroTitle: 'Vende tus monedas del juego de fútbol por euros',
    heroText:
      'Elige la venta por jugador o la venta cómoda, obtén un precio justo por moneda y retira tu dinero a PayPal, Skrill, Payoneer, Alipay o USDT.',
    ctaSell: 'Vender monedas ahora',
    ctaHow: 'Cómo funciona',
    claimMoney: 'Dinero en 24 horas',
    claimCoins: 'Monedas vendidas en 12 horas',
    stepsTitle: 'Vende en tres pasos',
    steps: [
      {
        title: 'Crea tu cuenta',
        text: 'Regístrate con tu correo electrónico o una cuenta de Google y añade tu método de pago en Ajustes.',
      },
      {
        title: 'Elige cómo vender',
        text: 'Venta por jugador: elige una carta de jugador de la lista y cómprala con tu propia cuenta del juego en 5 minutos. Venta cómoda: envía el acceso a tu web app y al menos 100.000 monedas, y nosotros las transferimos.',
      },
      {
        title: 'Retira tu dinero',
        text: 'Tus ganancias llegan a tu saldo disponible en 24 horas. Retira desde 20 EUR; el pago llega en 72 horas.',
      },
    ],
    advantagesTitle: 'Por qué nos eligen los vendedores',
    advantages: [
      {
        title: 'Dinero en 24 horas',
        text: 'Las ganancias se suman a tu saldo disponible en 24 horas, listas para retirar.',
      },
      {
        title: 'Monedas vendidas en 12 horas',
        text: 'Los pedidos de venta cómoda suelen venderse en 12 horas, sin trabajo por tu parte.',
      },
      {
        title: 'Seis métodos de pago',
        text: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill y USDT en TRC20.',
      },
      {
        title: 'Tu cuenta, siempre segura',
        text: 'Las contraseñas, los códigos de respaldo y las claves de autenticación de tu cuenta del juego se cifran y solo se usan para tu transferencia.',
      },
      {
        title: 'Grandes vendedores, bienvenidos',
        text: '¿Vendes en grandes cantidades? Pregunta a soporte por nuestra interfaz automatizada (API).',
      },
    ],
    contactTitle: 'Contáctanos',
    contactText: 'Nuestro equipo de soporte responde por correo electrónico, Discord, WhatsApp, Telegram y QQ.',
  },
  faq: {
    intro: 'Respuestas a las preguntas más habituales de los vendedores. ¿No encuentras la tuya? Contacta con soporte.',
    tabsLabel: 'Temas de preguntas frecuentes',
    tabs: {
      general: 'General',
      player: 'Venta por jugador/API',
      payment: 'Pagos',
    },
    searchLabel: 'Buscar en las preguntas',
    searchPlaceholder: 'Por ejemplo: PayPal',
    noResults: 'Ninguna pregunta coincide con tu búsqueda.',
    resultCount: '{{count}} preguntas coinciden',
    general: [
      {
        q: '¿Qué puedo vender aquí?',
        a: 'Monedas de la edición actual del juego de fútbol. La venta de la edición anterior está cerrada. Vendes mediante venta por jugador o venta cómoda; los grandes vendedores profesionales también pueden vender con nuestra interfaz automatizada (API).',
      },
      {
        q: '¿Por qué mi cuenta necesita acceso al mercado de fichajes?',
        a: 'Las dos formas de vender usan el mercado de fichajes de la web app. Sin acceso verás: «Tu cuenta aún no tiene acceso al mercado de fichajes en la web app o la app complementaria... contacta con nosotros». Una cuenta nueva o secundaria puede necesitar de 7 a 10 días y de 20 a 25 partidos para desbloquearlo.',
      },
      {
        q: '¿Cómo funciona la venta cómoda?',
        a: 'Envías el correo y la contraseña de la web app, 6 códigos de respaldo (de 8 dígitos cada uno) o tu clave de autenticación (authSecret, 16 caracteres), la cantidad de monedas (al menos 100.000) y un momento de transferencia. Iniciamos sesión y transferimos las monedas; tarda como máximo unos 2 días. Un archivo por lotes admite hasta 50 cuentas; para lotes mayores, contacta antes con soporte.',
      },
      {
        q: '¿Cuándo se abona el dinero de la venta cómoda?',
        a: 'La revisión de la cuenta dura unas 24 horas; después tus ganancias se suman a tu saldo disponible, en las 24 horas siguientes a la hora de finalización. «Pago pendiente» se paga según el calendario, en 3-7 días como máximo: ese es el límite, no el tiempo habitual.',
      },
      {
        q: '¿Cómo contacto con soporte?',
        a: 'Por correo electrónico, Discord, WhatsApp, Telegram o QQ. Los enlaces están al final de cada página.',
      },
    ],
    statusesTitle: 'Estados de la venta cómoda y qué hacer',
    statuses: [
      { name: 'Transfiriendo', text: 'Las monedas se están moviendo. No inicies sesión en tu cuenta del juego.' },
      {
        name: 'Transferencia completada',
        text: 'Ya puedes iniciar sesión. Puede quedar un resto, normalmente de menos de 50.000 monedas, que podrás vender más tarde.',
      },
      { name: 'Pago pendiente', text: 'Se paga según el calendario, en 3-7 días como máximo. La revisión de la cuenta dura unas 24 horas; después los ingresos se suman a tu saldo disponible.' },
      { name: 'Pagado', text: 'El pago se ha realizado.' },
      { name: 'Error', text: 'El sistema lo volverá a intentar más tarde. Puedes ignorar este estado.' },
      { name: 'Error de pago', text: 'Hay un problema con tu dirección de pago. Contacta con soporte.' },
      {
        name: 'Sin verificación de inicio de sesión',
        text: 'Activa la verificación de inicio de sesión en el juego y envía 6 códigos de respaldo nuevos.',
      },
      {
        name: 'Cliente conectado',
        text: 'Tienes la sesión iniciada en una consola o en la web app. Cierra sesión en todas partes y avisa a soporte.',
      },
      { name: 'Cuenta o contraseña incorrecta', text: 'Revisa tu correo y tu contraseña y vuelve a enviarlos.' },
      { name: 'Códigos de respaldo incorrectos', text: 'Los códigos son incorrectos o han caducado. Envía otros nuevos.' },
      { name: 'Autenticador incorrecto', text: 'La clave de autenticación (authSecret) es incorrecta. Revísala y vuelve a enviarla.' },
      { name: 'Captcha', text: 'Resuelve el captcha en la web app y después contacta con soporte.' },
      { name: 'Plataforma incorrecta', text: 'Pide a soporte que cancele el pedido y vuelve a enviarlo con la plataforma correcta.' },
      { name: 'Sin club', text: 'No se encontró ningún club en la cuenta. Revisa la cuenta y la plataforma y contacta con soporte.' },
      { name: 'Lista de transferibles llena', text: 'Vacía tu lista de transferibles y avisa a soporte.' },
      { name: 'Mercado bloqueado', text: 'La cuenta no tiene acceso al mercado de fichajes. Contacta con soporte.' },
    ],
    player: [
      {
        q: '¿Cómo funciona la venta por jugador?',
        a: 'Elige una carta de jugador de la lista, cómprala en el mercado de fichajes con tu propia cuenta del juego en 5 minutos y pulsa «Jugador comprado». El sistema comprueba la operación y abona en tu saldo el precio de la carta menos un impuesto del 5 %.',
      },
      {
        q: '¿Cuándo pulso «No comprado»?',
        a: 'Varias cartas pueden tener el mismo precio. Si no compraste la carta que elegiste, pulsa «No comprado» para liberarla.',
      },
      {
        q: '¿Puedo cancelar una compra?',
        a: 'No. Una compra realizada no se puede cancelar. El abuso, como elegir cartas que no compras, puede acarrear sanciones que llegan a la pérdida de tu cuenta.',
      },
      {
        q: '¿Cada cuánto puedo comprar un jugador?',
        a: 'Una vez cada 4 horas por cuenta del juego.',
      },
      {
        q: '¿Por qué está congelado mi saldo?',
        a: 'Los ingresos quedan congelados hasta 24 horas después de la compra o del uso de la cuenta; después se pueden retirar. Los registros pasan de «En proceso» a «Disponible» y por último a «Liquidado».',
      },
      {
        q: 'La carta no aparece en mi historial. ¿Qué hago?',
        a: 'Cada selección aparece en tu historial al instante. Tras «Jugador comprado» muestra «Comprobando» hasta que se verifica la compra, normalmente en minutos. Si no pasa a «Congelado» en 4-6 horas, contacta con soporte.',
      },
      {
        q: '¿Cómo vendo mediante la API?',
        a: 'La interfaz automatizada es para grandes vendedores profesionales. Contacta con soporte por chat o correo electrónico para obtener acceso.',
      },
    ],
    payment: [
      {
        q: '¿Qué métodos de pago puedo usar?',
        a: 'PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill y USDT en TRC20.',
      },
      {
        q: '¿Cuál es el retiro mínimo?',
        a: '20 EUR. Los pagos no son automáticos: solicita un retiro en la página Retirar y confírmalo con el código que te enviamos por correo.',
      },
      {
        q: '¿Cuánto tarda un pago?',
        a: 'Hasta 3 días (72 horas) desde tu solicitud, más en días festivos. La tramitación con verificación tarda 24-48 horas.',
      },
      {
        q: '¿Hay comisiones?',
        a: 'La comisión depende del método y del importe y se muestra antes de confirmar. Las comisiones de PayPal corren a cargo del vendedor.',
      },
      {
        q: 'Mi pago de PayPal fue a una dirección equivocada',
        a: 'Asegúrate de que el correo de PayPal en Ajustes sea exactamente el de tu cuenta. No se puede garantizar el pago a una dirección mal escrita o a un correo que no coincide.',
      },
      {
        q: 'Mi cuenta de PayPal no está verificada',
        a: 'Las cuentas de PayPal sin verificar pueden no recibir dinero. Verifica tu cuenta con PayPal y pide a soporte que vuelva a enviar el pago.',
      },
      {
        q: '¿Por qué PayPal retiene mi dinero 21 días?',
        a: 'PayPal puede retener hasta 21 días los pagos a cuentas que solo reciben dinero. La retención la decide PayPal; contacta con PayPal para que la levante.',
      },
      {
        q: '¿Puedo cambiar mis datos de pago después de solicitar un retiro?',
        a: 'No. Una vez enviada la solicitud, sus datos de pago no se pueden cambiar. Revísalos antes de confirmar.',
      },
    ],
  },
  rules: {
    intro: 'Lee estas normas antes de solicitar un retiro.',
    items: [
      'El retiro mínimo es de 20 EUR. Los saldos y los pagos son en euros.',
      'Métodos de pago: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill y USDT en TRC20.',
      'Los pagos no son automáticos. Solo te enviamos un código de verificación por correo cuando solicitas un retiro; introdúcelo para confirmarlo.',
      'Tu dirección de pago y tu nombre real son obligatorios y deben coincidir con tu cuenta de cobro.',
      'El pago se realiza en los 3 días (72 horas) siguientes a la solicitud, más tarde en días festivos.',
      'La comisión depende del método y del importe y se muestra antes de confirmar. Las comisiones de PayPal corren a cargo del vendedor.',
      'Una vez enviada una solicitud, sus datos de pago no se pueden cambiar.',
      'No se puede garantizar el pago a una dirección de pago mal escrita o a un correo que no coincide.',
      'El saldo congelado pasa a estar disponible 24 horas después de la compra o del uso de la cuenta.',
    ],
    progressTitle: 'Cómo avanza un retiro',
    progress: ['Solicitud enviada', 'Pago en curso', 'Pagado'],
  },
  terms: {
    intro: 'Estas condiciones se aplican a todas las personas que venden monedas en CoinMarket.',
    sections: [
      {
        h: 'El servicio',
        p: 'CoinMarket compra a los vendedores monedas de la edición actual del juego de fútbol y las paga en euros. Al usar el sitio aceptas estas condiciones.',
      },
      {
        h: 'Tu cuenta',
        p: 'Indica un correo electrónico válido y mantén en secreto tu contraseña. El nombre de usuario solo se puede establecer una vez. Eres responsable de todo lo que se haga con tu cuenta.',
      },
      {
        h: 'Vender',
        p: 'Vende solo monedas y cuentas del juego que controles. Las compras de la venta por jugador no se pueden cancelar, cada cuenta del juego puede comprar una vez cada 4 horas y tu ingreso es el precio de la carta menos un impuesto del 5 %. La venta cómoda exige al menos 100.000 monedas y admite como máximo 50 cuentas por lote.',
      },
      {
        h: 'Saldo y pagos',
        p: 'Los saldos se llevan en euros. Los importes congelados pasan a estar disponibles 24 horas después de la compra o del uso de la cuenta. Los retiros empiezan en 20 EUR, se confirman con un código enviado por correo y se pagan en 72 horas. Las comisiones dependen del método de pago.',
      },
      {
        h: 'Uso justo',
        p: 'El abuso, como elegir cartas que no compras, dar información falsa o revertir pagos, puede acarrear sanciones que llegan a la pérdida de la cuenta y del saldo.',
      },
      {
        h: 'El editor del juego',
        p: 'No tenemos relación con el editor del juego. Comerciar con monedas puede infringir las normas del juego; vendes bajo tu propia responsabilidad.',
      },
      {
        h: 'Responsabilidad',
        p: 'No respondemos de pérdidas causadas por datos de pago que hayas introducido mal ni por acciones del editor del juego o de los proveedores de pago.',
      },
      {
        h: 'Cambios',
        p: 'Podemos actualizar estas condiciones. Se aplica la versión de esta página; los cambios importantes se anuncian en el sitio.',
      },
    ],
  },
  privacy: {
    intro: 'Esta política explica qué datos guardamos, por qué y durante cuánto tiempo.',
    sections: [
      {
        h: 'Qué guardamos',
        p: 'Tu correo electrónico, tu contraseña (solo como hash con sal), nombre de usuario, nombre real, forma de contacto, método y dirección de pago, moneda, tu historial de ventas, tu saldo y tus retiros.',
      },
      {
        h: 'Datos secretos de la cuenta del juego',
        p: 'Para la venta cómoda recibimos el correo y la contraseña de tu web app y tus códigos de respaldo o tu clave de autenticación. Se cifran (AES-256-GCM), solo se descifran mientras se realiza tu transferencia, nunca se vuelven a mostrar y nunca se escriben en los registros.',
      },
      {
        h: 'Para qué usamos tus datos',
        p: 'Para gestionar tus ventas, pagarte, prevenir el fraude y responder a tus consultas de soporte. No vendemos tus datos.',
      },
      {
        h: 'Quién los recibe',
        p: 'Los datos de pago solo se envían al proveedor de pago que elijas, por ejemplo PayPal o Payoneer. No se comparte nada con fines publicitarios.',
      },
      {
        h: 'Cuánto tiempo los guardamos',
        p: 'Los datos secretos de la cuenta del juego solo se guardan mientras el pedido los necesita y después se borran. El historial de ventas y de pagos se conserva el tiempo que exige la normativa contable; todo lo demás se borra cuando cierras tu cuenta.',
      },
      {
        h: 'Cookies y almacenamiento local',
        p: 'Una cookie de sesión mantiene tu sesión iniciada y el almacenamiento local recuerda tu idioma. No usamos cookies de seguimiento.',
      },
      {
        h: 'Tus derechos',
        p: 'Contacta con soporte para obtener una copia de tus datos o para corregirlos o borrarlos.',
      },
    ],
  },
  lang: {
    title: 'Elige tu idioma',
    current: 'Idioma actual: {{name}}',
  },
  dialog: {
    systemPrompt: 'Aviso del sistema',
    ok: 'Aceptar',
    cancel: 'Cancelar',
    close: 'Cerrar',
    required: 'Este dato es obligatorio',
    invalid: 'Revisa lo que has escrito',
  },
  copy: {
    button: 'Copiar',
    ok: 'Copiado correctamente',
    failed: 'No se pudo copiar',
  },
  player,
  account,
  comfort,
  apikeys,
  webhooks,
  notifications,
  withdraw,
};

export default es;
