import type { TermsDict } from './en';

const terms: TermsDict = {
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
      p: 'Los saldos se llevan en euros. Los importes congelados pasan a estar disponibles {{freezeHours}} horas después de la compra o del uso de la cuenta. Los retiros empiezan en 20 EUR, se confirman con un código enviado por correo y se pagan en {{payoutHours}} horas. Las comisiones dependen del método de pago.',
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
};

export default terms;
