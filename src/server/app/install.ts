import { installBusySources } from '../booking';
import { installPipeline } from '../followUp/publish';
import { googleBusySource } from '../googleCalendar';
import { installOutboxChannels } from '../notifications';
import { outboxChannels } from './channels';
import { leadPipeline } from './pipeline';

// Installs what features publish to: the follow-up pipeline, the outbox's channels and the
// booking engine's busy sources, side by side, so whatever part of the root is imported first, all are there.
installPipeline(leadPipeline);
installOutboxChannels(outboxChannels);
// The outside calendars whose busy times the booking engine leaves out (decision 43).
installBusySources([googleBusySource]);
