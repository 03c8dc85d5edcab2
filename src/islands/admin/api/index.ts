import {
  generationJob,
  getAiStatus,
  improvementJob,
  previewBlogContent,
  startGeneration,
  startImprovement,
} from './aiDrafting';
import { createBlogPost, deleteBlogPost, listBlogPosts, updateBlogPost } from './blog';
import { getBooking, setBookingStatus, updateBooking } from './bookings';
import { listSetAside, retrySetAside } from './followUp';
import { chooseGoogleCalendars, disconnectGoogleCalendar, getGoogleCalendar } from './googleCalendar';
import { leadPage } from './leads';
import { getLeadsBySource } from './leadSources';
import { listRecentWhatsApp, listUndeliveredNotifications, resendNotification } from './notifications';
import { findPerson } from './search';
import { signOut } from './session';
import { getStats } from './stats';

/**
 * The admin's typed API client: every call the dashboard makes, grouped by what it is
 * about. A new area (the blog editor, AI drafting) adds its file and its group here.
 */
export const adminApi = {
  stats: { get: getStats },
  leads: { page: leadPage },
  bookings: { get: getBooking, setStatus: setBookingStatus, update: updateBooking },
  search: { person: findPerson },
  leadSources: { get: getLeadsBySource },
  notifications: {
    undelivered: listUndeliveredNotifications,
    recentWhatsApp: listRecentWhatsApp,
    resend: resendNotification,
  },
  followUp: { setAside: listSetAside, retry: retrySetAside },
  googleCalendar: { get: getGoogleCalendar, choose: chooseGoogleCalendars, disconnect: disconnectGoogleCalendar },
  blog: {
    list: listBlogPosts,
    create: createBlogPost,
    update: updateBlogPost,
    remove: deleteBlogPost,
    preview: previewBlogContent,
  },
  ai: { status: getAiStatus, startGeneration, generationJob, startImprovement, improvementJob },
  session: { signOut },
};

export { JOB_POLL_INTERVAL_MS, waitForJob } from './aiDrafting';
export { AdminApiError, failureMessage, isUnauthorised } from './request';
export { BookingConflictError, type BookingStatus, type VersionedBooking } from './bookings';
export { leadKinds, type LeadKind, type LeadRecords } from './leads';
export { MIN_SEARCH_LENGTH } from './search';
export { loginUrl } from './session';
export type * from './records';
