import { hideBrokenImages } from '../components/blog/hide-broken-images';
import { listenForContactCta, listenForShare } from '../components/blog/post-actions';
import { behaviour } from './behaviour';

/** A post page: Share, Get In Touch, and a cover image that failed hidden. */
export default behaviour(() => {
  hideBrokenImages();
  listenForShare();
  listenForContactCta();
  window.__cccLive?.('post-actions');
});
