import { hideBrokenImages } from '../components/blog/hide-broken-images';
import { behaviour } from './behaviour';

/** The blog list: a card whose image failed shows no broken icon. */
export default behaviour(() => hideBrokenImages());
