/**
 * The product names as the web app's menu writes them (web/src/i18n/dict/core/<lang>.ts, `nav`), for
 * texts written outside the web app: mails and push messages say the same words as the pages
 * (tests/unit/product-names.test.ts compares them). `inSentence` is the form used mid-sentence.
 */
import type { LanguageCode } from './client-config.js';

export interface ProductNames {
  comfortTrade: string;
  playerTrade: string;
}

export const PRODUCT_NAMES: Readonly<Record<LanguageCode, ProductNames>> = {
  en: { comfortTrade: 'Comfort trade', playerTrade: 'Player trade' },
  ar: { comfortTrade: 'البيع المريح', playerTrade: 'البيع عبر اللاعبين' },
  de: { comfortTrade: 'Komforthandel', playerTrade: 'Spielerhandel' },
  es: { comfortTrade: 'Venta cómoda', playerTrade: 'Venta por jugador' },
  fr: { comfortTrade: 'Vente confort', playerTrade: 'Vente par joueur' },
  pt: { comfortTrade: 'Venda cômoda', playerTrade: 'Venda por jogador' },
  fa: { comfortTrade: 'فروش آسان', playerTrade: 'فروش با بازیکن' },
  zh: { comfortTrade: '托管交易', playerTrade: '球员交易' },
};

/** Languages whose nouns are not capitalised mid-sentence ("your comfort trade", "tu venta cómoda"). */
const LOWER_MID_SENTENCE: readonly LanguageCode[] = ['en', 'es', 'fr', 'pt'];

/** A product name as written inside a sentence of `lang`. */
export function inSentence(lang: LanguageCode, name: keyof ProductNames): string {
  const word = PRODUCT_NAMES[lang][name];
  return LOWER_MID_SENTENCE.includes(lang) ? word.charAt(0).toLowerCase() + word.slice(1) : word;
}
