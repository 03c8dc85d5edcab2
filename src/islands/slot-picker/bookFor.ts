/** Who the call is for: the booking the call modal just made, or the contact form's details. */
export type BookFor = { bookingId: string } | { name: string; phone: string; email?: string; whatsappOptIn?: true };
