// What people write between a phone number's digits: spaces, dashes (unaccent, which folds the
// stored side, turns the typographic ones into "-"), dots, brackets, slashes and a leading "+".
const PHONE_QUERY = /^[\d\s().+/\u2010-\u2014\u2212-]+$/;
const MIN_DIGITS = 5;
// ITU-T E.164 country codes are prefix-free: 1 and 7 are the only one-digit codes and these the
// only two-digit ones, so every other code has three digits.
const TWO_DIGIT_COUNTRY_CODES = new Set([
  ...['20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49'],
  ...['51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66'],
  ...['81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98'],
]);

function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_COUNTRY_CODES.has(digits.slice(0, 2)) ? 2 : 3;
}

/**
 * The digits a phone-number query is matched with inside lead_search.search_digits (every number
 * of the lead with the punctuation between its digits dropped), or null when the query is not one
 * (fewer than 5 digits, or anything but digits and phone punctuation): the number without its
 * international prefix ("+" or "00" and the country code) and its trunk "0", so "+44 7700 900123",
 * "0044 7700 900123" and "07700-900-123" all look for "7700900123", which each way of storing
 * that number contains. A query left with fewer than 5 digits is matched as typed.
 */
export function searchDigitsOf(q: string): string | null {
  if (!PHONE_QUERY.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return null;
  const international = q.trimStart().startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  const national = international === null ? digits : international.slice(countryCodeLength(international));
  const significant = national.replace(/^0/, '');
  return significant.length >= MIN_DIGITS ? significant : digits;
}
