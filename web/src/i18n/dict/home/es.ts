import type { HomeDict } from './en';

const home: HomeDict = {
  notice: 'La venta de monedas de la edición anterior está cerrada. La venta de la nueva edición ya está abierta.',
  heroTitle: 'Vende tus monedas del juego de fútbol por euros',
  heroText:
    'Elige la venta por jugador o la venta cómoda, obtén un precio justo por moneda y retira tu dinero a PayPal, Skrill, Payoneer, Alipay o USDT.',
  ctaSell: 'Vender monedas ahora',
  ctaHow: 'Cómo funciona',
  claimMoney: 'Dinero en {{reviewHours}} horas tras la transferencia',
  claimCoins: 'Monedas vendidas en {{transferMinHours}} a {{transferMaxHours}} horas',
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
      text: 'Tus ganancias llegan a tu saldo disponible en las {{reviewHours}} horas siguientes a la transferencia. Retira desde 20 EUR; el pago llega en {{payoutHours}} horas desde tu solicitud.',
    },
  ],
  advantagesTitle: 'Por qué nos eligen los vendedores',
  advantages: [
    {
      title: 'Dinero en {{reviewHours}} horas tras la transferencia',
      text: 'Las ganancias se suman a tu saldo disponible en las {{reviewHours}} horas siguientes a la transferencia, listas para retirar.',
    },
    {
      title: 'Monedas vendidas en {{transferMinHours}} a {{transferMaxHours}} horas',
      text: 'Tú eliges cuánto tiempo podemos usar tu cuenta de juego, de {{transferMinHours}} a {{transferMaxHours}} horas; los pedidos de venta cómoda se venden en ese tiempo, sin trabajo por tu parte.',
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
  prices: {
    title: 'Precios de hoy',
    unit: 'Precio por cada 100.000 monedas, pagado en euros.',
    asOf: 'Actualizado: {{time}}.',
    failed: 'No se pudieron cargar los precios. Inténtalo de nuevo más tarde.',
  },
};

export default home;
