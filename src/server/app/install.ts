import { icalFeedSources, installBusySources, sessionMeetingUrl } from '../booking';
import { installPipeline } from '../followUp/publish';
import { installOutboxChannels } from '../notifications';
import { outboxChannels } from './channels';
import { leadPipeline } from './pipeline';

// Installs what features publish to: the follow-up pipeline and the outbox's channels, side
// by side, so whatever part of the root is imported first, both are there. The owner's outside
// calendars are installed here too (docs/scheduling.md, "Busy times"): a wrong address in
// CALENDAR_BUSY_ICS_URLS stops every function at start with a message naming the variable, as
// does a SESSION_MEETING_URL that is not an https address (read here to be checked at start).
installPipeline(leadPipeline);
installOutboxChannels(outboxChannels);
installBusySources(icalFeedSources());
sessionMeetingUrl();
