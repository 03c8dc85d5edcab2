export { aiStatus } from './config';
export { runJob } from './drafting';
export { findJob, generateJobView, improveJobView, startJob } from './jobRoutes';
export { claimJob, forgetJobsMentioning } from './jobs';
