import { icalFeedSources, installBusySources, sessionMeetingUrl } from '../booking';
import { installPipeline } from '../followUp/publish';
import { googleBusySource } from '../googleCalendar';
import { installOutboxChannels } from '../notifications';
import { outboxChannels } from './channels';
import { leadPipeline } from './pipeline';

// Installs what features publish to: the follow-up pipeline, the outbox's channels and the
// booking engine's busy sources, side by side, so whatever part of the root is imported first,
// all are there. The owner's outside calendars (docs/scheduling.md, "Busy times"): the Google
// Calendar once connected, and private iCal feeds. A wrong address in CALENDAR_BUSY_ICS_URLS
// stops every function at start with a message naming the variable, as does a
// SESSION_MEETING_URL that is not an https address (read here to be checked at start).
installPipeline(leadPipeline);
installOutboxChannels(outboxChannels);
installBusySources([googleBusySource, ...icalFeedSources()]);
sessionMeetingUrl();
