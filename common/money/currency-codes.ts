import { isCurrencyInHundredths } from "./money.ts";

/**
 * The ISO 4217 codes of the currencies in circulation (funds, metals, test and historic codes
 * left out), the one list Store Settings offers and accepts. Written out rather than read from
 * Intl, whose list holds historic codes and varies between engines; `currency-codes.test.ts`
 * checks each against Node's Intl. Plain TypeScript: the schema and the form import it.
 */
export const ISO_CURRENCY_CODES: readonly string[] = (
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP " +
  "BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP " +
  "GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR " +
  "KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK " +
  "MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR " +
  "SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS " +
  "UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG"
).split(" ");

const KNOWN = new Set(ISO_CURRENCY_CODES);

export function isIsoCurrencyCode(code: string): boolean {
  return KNOWN.has(code);
}

/** The codes a store can sell in: those counted in hundredths, as the shop keeps amounts (decision 7). */
export const SHOP_CURRENCY_CODES: readonly string[] = ISO_CURRENCY_CODES.filter(isCurrencyInHundredths);
