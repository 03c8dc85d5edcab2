/** The to-do rows Today shows before "Show more": read by the page on the server and by the panel. */
export const TODO_SHOWN_AT_FIRST = 10;
