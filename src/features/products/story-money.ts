/**
 * Stories only: an amount in dinars as Intl writes it in a language ('1 234,500 DT' in fr-TN),
 * its spaces plain as the DOM queries read text (Intl puts a no-break space before the currency).
 */
export const localMoney = (tag: string, amount: string | number) =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: 'TND',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  })
    .format(Number(amount))
    .replace(/\s/g, ' ');
