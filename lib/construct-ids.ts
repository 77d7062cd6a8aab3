/** `charge-flights` → `ChargeFlights`: a row's id or handler as part of a construct id. */
export const pascal = (name: string) =>
  name
    .split(/[^A-Za-z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
