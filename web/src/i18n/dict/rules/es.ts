import type { RulesDict } from './en';

const rules: RulesDict = {
  intro: 'Lee estas normas antes de solicitar un retiro.',
  items: [
    'El retiro mínimo es de 20 EUR. Los saldos y los pagos son en euros.',
    'Métodos de pago: PayPal, Alipay, Payoneer, Payoneer Wallet, Skrill y USDT en TRC20.',
    'Los pagos no son automáticos. Solo te enviamos un código de verificación por correo cuando solicitas un retiro; introdúcelo para confirmarlo.',
    'Tu dirección de pago y tu nombre real son obligatorios y deben coincidir con tu cuenta de cobro.',
    'El pago se realiza en los {{payoutDays}} días ({{payoutHours}} horas) siguientes a la solicitud, más tarde en días festivos.',
    'La comisión depende del método y del importe y se muestra antes de confirmar. Las comisiones de PayPal corren a cargo del vendedor.',
    'Una vez enviada una solicitud, sus datos de pago no se pueden cambiar.',
    'No se puede garantizar el pago a una dirección de pago mal escrita o a un correo que no coincide.',
    'El saldo congelado pasa a estar disponible {{freezeHours}} horas después de la compra o del uso de la cuenta.',
  ],
  progressTitle: 'Cómo avanza un retiro',
  progress: ['Solicitud enviada', 'Pago en curso', 'Pagado'],
};

export default rules;
