/** The fields Order Again posts (decision 36): the order, and `respond=json` from its island. */
export const ORDER_AGAIN_FIELDS = { orderId: "orderId", respond: "respond" } as const;
