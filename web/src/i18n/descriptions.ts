import type { LanguageCode } from '../../../domain/client-config';

/**
 * The pages rendered to HTML at build time (scripts/prerender-pages.ts): what a visitor reads without
 * signing in. Not the forms (sign-in, sign-up, forgotten password): a tap before hydration was lost
 * there (the sign-in code tab, the captcha box), so they render in the browser as before.
 */
export const PUBLIC_PAGES = ['home', 'transferPage', 'faq', 'withdrawalRules', 'terms', 'privacy'] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Each public page's meta description in each language, for search results and link previews. Only the
 * build reads them (they are written into the prerendered HTML), so they weigh nothing in the app's chunks.
 */
export const DESCRIPTIONS: Record<LanguageCode, Record<PublicPage, string>> = {
  en: {
    home: 'Sell your football game coins for euros: coins sold within 12 hours, money within 24 hours.',
    transferPage: 'Choose how to sell your football game coins: player trade or comfort trade, with today’s prices.',
    faq: 'Answers about selling coins on CoinMarket: trades, payouts, withdrawals and your account.',
    withdrawalRules: 'The withdrawal rules of CoinMarket: minimum amounts, fees, methods and when the money arrives.',
    terms: 'The terms of service of CoinMarket for sellers of football game coins.',
    privacy: 'How CoinMarket handles your personal data, and your rights over it.',
  },
  ar: {
    home: 'بِع عملات لعبة كرة القدم مقابل اليورو: تُباع العملات خلال 12 ساعة ويصلك المال خلال 24 ساعة.',
    transferPage: 'اختر طريقة بيع عملات لعبة كرة القدم: التداول عبر اللاعبين أو البيع المريح، مع أسعار اليوم.',
    faq: 'إجابات عن بيع العملات في CoinMarket: عمليات البيع والمدفوعات والسحب وحسابك.',
    withdrawalRules: 'قواعد السحب في CoinMarket: الحدود الدنيا والرسوم والطرق وموعد وصول المال.',
    terms: 'شروط خدمة CoinMarket لبائعي عملات لعبة كرة القدم.',
    privacy: 'كيف تتعامل CoinMarket مع بياناتك الشخصية وما حقوقك عليها.',
  },
  de: {
    home: 'Verkaufe deine Fußballspiel-Coins für Euro: Coins in 12 Stunden verkauft, Geld in 24 Stunden.',
    transferPage: 'Wähle, wie du deine Fußballspiel-Coins verkaufst: Spielerhandel oder Komfort-Handel, mit den heutigen Preisen.',
    faq: 'Antworten zum Coin-Verkauf bei CoinMarket: Verkäufe, Auszahlungen, Abhebungen und dein Konto.',
    withdrawalRules: 'Die Auszahlungsregeln von CoinMarket: Mindestbeträge, Gebühren, Methoden und wann das Geld ankommt.',
    terms: 'Die Nutzungsbedingungen von CoinMarket für Verkäufer von Fußballspiel-Coins.',
    privacy: 'Wie CoinMarket deine personenbezogenen Daten behandelt und welche Rechte du hast.',
  },
  es: {
    home: 'Vende tus monedas del juego de fútbol por euros: monedas vendidas en 12 horas, dinero en 24 horas.',
    transferPage: 'Elige cómo vender tus monedas del juego de fútbol: intercambio de jugadores o venta cómoda, con los precios de hoy.',
    faq: 'Respuestas sobre la venta de monedas en CoinMarket: ventas, pagos, retiros y tu cuenta.',
    withdrawalRules: 'Las reglas de retiro de CoinMarket: importes mínimos, comisiones, métodos y cuándo llega el dinero.',
    terms: 'Las condiciones del servicio de CoinMarket para vendedores de monedas del juego de fútbol.',
    privacy: 'Cómo trata CoinMarket tus datos personales y qué derechos tienes sobre ellos.',
  },
  fr: {
    home: 'Vendez vos pièces de jeu de football contre des euros : pièces vendues en 12 heures, argent en 24 heures.',
    transferPage: 'Choisissez comment vendre vos pièces de jeu de football : échange de joueurs ou vente confort, aux prix du jour.',
    faq: 'Réponses sur la vente de pièces sur CoinMarket : ventes, paiements, retraits et votre compte.',
    withdrawalRules: 'Les règles de retrait de CoinMarket : montants minimums, frais, moyens et délai d’arrivée de l’argent.',
    terms: 'Les conditions d’utilisation de CoinMarket pour les vendeurs de pièces de jeu de football.',
    privacy: 'Comment CoinMarket traite vos données personnelles, et vos droits sur elles.',
  },
  pt: {
    home: 'Venda suas moedas do jogo de futebol por euros: moedas vendidas em 12 horas, dinheiro em 24 horas.',
    transferPage: 'Escolha como vender suas moedas do jogo de futebol: troca de jogadores ou venda confortável, com os preços de hoje.',
    faq: 'Respostas sobre a venda de moedas na CoinMarket: vendas, pagamentos, saques e sua conta.',
    withdrawalRules: 'As regras de saque da CoinMarket: valores mínimos, taxas, métodos e quando o dinheiro chega.',
    terms: 'Os termos de serviço da CoinMarket para vendedores de moedas do jogo de futebol.',
    privacy: 'Como a CoinMarket trata seus dados pessoais e quais são seus direitos sobre eles.',
  },
  fa: {
    home: 'سکه‌های بازی فوتبال خود را به یورو بفروشید: فروش سکه‌ها ظرف ۱۲ ساعت و دریافت پول ظرف ۲۴ ساعت.',
    transferPage: 'روش فروش سکه‌های بازی فوتبال را انتخاب کنید: معامله بازیکن یا فروش راحت، با قیمت‌های امروز.',
    faq: 'پاسخ‌هایی درباره فروش سکه در CoinMarket: معامله‌ها، پرداخت‌ها، برداشت‌ها و حساب شما.',
    withdrawalRules: 'قوانین برداشت CoinMarket: حداقل مبلغ‌ها، کارمزدها، روش‌ها و زمان رسیدن پول.',
    terms: 'شرایط خدمات CoinMarket برای فروشندگان سکه‌های بازی فوتبال.',
    privacy: 'CoinMarket چگونه با داده‌های شخصی شما رفتار می‌کند و شما چه حقوقی دارید.',
  },
  zh: {
    home: '将你的足球游戏金币换成欧元：金币12小时内售出，24小时内到账。',
    transferPage: '选择出售足球游戏金币的方式：球员交易或舒适交易，附今日价格。',
    faq: '关于在 CoinMarket 出售金币的解答：交易、付款、提现和你的账户。',
    withdrawalRules: 'CoinMarket 的提现规则：最低金额、手续费、方式以及到账时间。',
    terms: 'CoinMarket 面向足球游戏金币卖家的服务条款。',
    privacy: 'CoinMarket 如何处理你的个人数据，以及你对这些数据的权利。',
  },
};
