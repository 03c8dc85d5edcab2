import { installPipeline } from '../followUp/publish';
import { installOutboxChannels } from '../notifications';
import { outboxChannels } from './channels';
import { leadPipeline } from './pipeline';

// Installs what features publish to: the follow-up pipeline and the outbox's channels, side
// by side, so whatever part of the root is imported first, both are there.
installPipeline(leadPipeline);
installOutboxChannels(outboxChannels);
