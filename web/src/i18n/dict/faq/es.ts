import type { FaqDict } from './en';

const faq: FaqDict = {
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
  resultCount_one: '{{count}} pregunta coincide',
  resultCount_many: '{{count}} de preguntas coinciden',
  resultCount_other: '{{count}} preguntas coinciden',
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
      a: 'Envías el correo y la contraseña de la web app, 6 códigos de respaldo (de 8 dígitos cada uno) o tu clave de autenticación (authSecret, 16 caracteres), la cantidad de monedas (al menos 100.000) y un tiempo de transferencia. Iniciamos sesión y transferimos las monedas; usamos la cuenta durante el tiempo de transferencia que elegiste, de {{transferMinHours}} a {{transferMaxHours}} horas, y el registro muestra el fin previsto a medida que se mueven las monedas. Un archivo por lotes admite hasta 50 cuentas; para lotes mayores, contacta antes con soporte.',
    },
    {
      q: '¿Cuándo se abona el dinero de la venta cómoda?',
      a: 'La revisión de la cuenta dura unas {{reviewHours}} horas después de completarse la transferencia; mientras tanto el registro muestra «Pago pendiente». Después tus ganancias se suman a tu saldo disponible, en las {{reviewHours}} horas siguientes a la hora de finalización.',
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
      text: 'Ya puedes iniciar sesión. Puede quedar un resto, normalmente de menos de 50.000 monedas, que podrás vender más tarde: por venta por jugador en cualquier cantidad, o por venta cómoda cuando la cuenta tenga al menos 100.000 monedas.',
    },
    { name: 'Pago pendiente', text: 'Se paga según el calendario. La revisión de la cuenta dura unas {{reviewHours}} horas después de completarse la transferencia; después los ingresos se suman a tu saldo disponible.' },
    { name: 'Pagado', text: 'El pago se ha realizado.' },
    { name: 'Error', text: 'El sistema lo volverá a intentar más tarde. Puedes ignorar este estado.' },
    { name: 'Error de pago', text: 'Tus datos de pago faltan o no son válidos. Guarda un método de pago y una dirección válidos en Ajustes: el pago se reintenta enseguida.' },
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
      a: 'Los ingresos quedan congelados hasta {{freezeHours}} horas después de la compra o del uso de la cuenta; después se pueden retirar. Los registros pasan de «En proceso» a «Disponible» y por último a «Liquidado».',
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
      a: 'Hasta {{payoutDays}} días ({{payoutHours}} horas) desde tu solicitud, más en días festivos. La tramitación con verificación tarda {{processingMinHours}}-{{processingMaxHours}} horas.',
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
      a: 'Una cuenta de PayPal sin verificar no puede recibir el pago: el retiro falla y el dinero vuelve a tu saldo disponible. Verifica tu cuenta con PayPal y retira de nuevo.',
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
};

export default faq;
