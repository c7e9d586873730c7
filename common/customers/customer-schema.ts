import { z } from "zod";

/** The Customer Management delete's form: the row's id (its rules, admin or not, are the use case's). */
export const deleteCustomerFormSchema = z.object({
  customerId: z.string({ error: "Please choose a customer." }).trim().max(100, "This customer no longer exists."),
});
