/** The server refuses a delivery date more than a year ahead. */
export const MAX_DELIVERY_DAYS_AHEAD = 365;
