import type { PrivacyDict } from './en';

const privacy: PrivacyDict = {
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
};

export default privacy;
