/**
 * What Track Order says to a blank order id (the form's own check, or the lookup's). Plain
 * TypeScript, no zod: the form's island loads zod only when it checks a search.
 */
export const ORDER_ID_REQUIRED_MESSAGE = "Please enter an order ID to track.";
/** The title of the toast that says so. */
export const ORDER_ID_REQUIRED_TITLE = "Order ID required";
