export { conversionField } from './conversionMath';
export { countConversion, countRefund } from './conversions';
export {
  countLeadSource,
  dayBucket,
  foldLeadSources,
  leadSourceTally,
  readLeadsBySource,
  sourceKey,
} from './leadSources';
