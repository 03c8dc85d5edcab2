import { EARLY_TAP_EVENT } from './earlyTapEvent';
import { EARLY_SUBMIT_ATTRIBUTE, LIVE_ATTRIBUTE, QUEUED_ATTRIBUTE, tapGroups } from './tapGroups';

// Every tap works the first time (docs/decisions/0035-first-tap-works.md). A page paints from its
// HTML long before the code of its controls arrives; a tap in between used to be lost (a button
// with no listener yet) or misrouted (a dialog trigger's fallback link followed). This classic
// inline script runs as the page is parsed, before any tap can happen, and holds such a tap:
//
// - a control of a tap group (src/scripts/tapGroups.ts) whose code is not live yet;
// - a button inside a React island that has not hydrated (`astro-island[ssr]`);
// - a form submitted inside such an island, or marked `data-early-submit`, before its
//   code is in (natively it would GET the page with the visitor's details in the address).
//
// A held control is marked busy (`data-tap-queued`, `aria-busy`); a `ccc:early-tap` event
// tells late loaders (the `client:painted` directive) to fetch their code now, not when the
// page is idle. When the code arrives the tap is replayed: a group's code calls
// `window.__cccLive(group, root)`; an island is replayed on its `astro:hydrate` event; a
// plain script's form calls `window.__cccFormLive(form)`. A held form gets its values back
// and is submitted again. The two functions live here, not in a module, so the controls'
// code imports nothing for them: a shared module would be one more file on every page.

// Kept small and ES5: it is inlined into every page and runs before anything else. A value
// given back to a hydrated React input must reach its state: setValue uses the element's own
// setter first (React's value tracker then holds ''), then the prototype's, then fires input.
// The first such event makes React finish hydrating, which can reset the fields to its empty
// state: restore checks them again until they hold what was typed (then a held form is submitted).
// A form filled before its island hydrates but sent after it is given its values back the same
// way (typed): React renders controlled fields from its empty state, so a text would show but not
// be sent, a button stay disabled, a ticked box be unticked. React may draw a field from its state
// again a moment later, so those fields are checked for a second; a field the visitor changes once
// the code is in is left alone from then on, so nothing typed after it arrived is written over.
export const earlyTapScript = `(function(d){
var G=${JSON.stringify(tapGroups)},q=window.__cccTaps=[],A='${LIVE_ATTRIBUTE}',Q='${QUEUED_ATTRIBUTE}',T='data-typed-values';
function groupOf(c){for(var g in G)if(c.matches(G[g]))return g;return null}
function isLive(c,g){return !!c.closest('['+A+'~="'+g+'"]')}
function busy(c,on){if(on){c.setAttribute(Q,'');c.setAttribute('aria-busy','true')}else{c.removeAttribute(Q);c.removeAttribute('aria-busy')}}
function hold(c,e,then){e.preventDefault();e.stopImmediatePropagation();if(c.hasAttribute(Q))return;busy(c,1);q.push(c);if(then)then(c);d.dispatchEvent(new CustomEvent('${EARLY_TAP_EVENT}'))}
function onHydrate(i,f){i.addEventListener('astro:hydrate',function(){setTimeout(f,0)},{once:true})}
function replayClick(c){var i=q.indexOf(c);if(i<0)return;q.splice(i,1);busy(c,0);c.click()}
var S=Object.getOwnPropertyDescriptor;
function setValue(el,v){if(el.type==='file')return;
if(el.type==='checkbox'||el.type==='radio'){var want=v.indexOf(el.value)>=0;if(!want&&el.type==='radio')return;el.checked=!want;el.click();return}
var p=el instanceof HTMLTextAreaElement?HTMLTextAreaElement.prototype:el instanceof HTMLSelectElement?HTMLSelectElement.prototype:HTMLInputElement.prototype;
el.value='';S(p,'value').set.call(el,v[0]||'');el.dispatchEvent(new Event('input',{bubbles:true}));el.dispatchEvent(new Event('change',{bubbles:true}))}
function restore(f,v,then){var n=0,own={},put=0;
if(!then)f.addEventListener('input',function(e){if(!put&&e.target.name)own[e.target.name]=1},true);
function give(el,x){if(own[el.name])return;put=1;try{setValue(el,x)}finally{put=0}}
function fields(fn){for(var k=0;k<f.elements.length;k++){var el=f.elements[k];if(el.name&&v[el.name]&&!(el instanceof HTMLButtonElement)&&el.type!=='file')fn(el,v[el.name])}}
function same(el,x){if(el.type==='checkbox')return el.checked===(x.indexOf(el.value)>=0);if(el.type==='radio')return x.indexOf(el.value)<0||el.checked;return el.value===(x[0]||'')}
fields(give);
(function settle(){setTimeout(function(){var off=0;fields(function(el,x){if(!own[el.name]&&!same(el,x)){off++;give(el,x)}});if((off||!then)&&++n<20)settle();else if(then)then()},50)})()}
function replaySubmit(f){var v=JSON.parse(f.getAttribute('data-queued-values')||'{}');f.removeAttribute('data-queued-values');f.removeAttribute('data-submit-queued');f.removeAttribute('aria-busy');
restore(f,v,function(){f.requestSubmit()})}
function typed(e){var el=e.target,f=el&&el.form;if(!f||!el.name||el.type==='file')return;var island=f.closest('astro-island[ssr]');if(!island)return;
var v=JSON.parse(f.getAttribute(T)||'null');if(!v){v={};onHydrate(island,function(){var x=JSON.parse(f.getAttribute(T)||'null');f.removeAttribute(T);if(x)restore(f,x)})}
v[el.name]=new FormData(f).getAll(el.name).map(String);f.setAttribute(T,JSON.stringify(v))}
d.addEventListener('input',typed,true);d.addEventListener('change',typed,true);
d.addEventListener('click',function(e){var t=e.target;if(!(t instanceof Element))return;
var island=t.closest('astro-island[ssr]');
if(island){var b=t.closest('button,[role="button"],[role="tab"]:not(a)');if(!b||!island.contains(b)||b.disabled)return;
if(b.type==='submit'&&b.form)return;
hold(b,e,function(c){onHydrate(island,function(){replayClick(c)})});return}
for(var g in G){var c=t.closest(G[g]);if(c){if(!isLive(c,g))hold(c,e);return}}},true);
d.addEventListener('submit',function(e){var f=e.target;if(!(f instanceof HTMLFormElement))return;
var island=f.closest('astro-island[ssr]');
if(!island&&!(f.hasAttribute('${EARLY_SUBMIT_ATTRIBUTE}')&&!f.hasAttribute('data-hydrated')))return;
e.preventDefault();e.stopImmediatePropagation();f.removeAttribute(T);var v={};new FormData(f).forEach(function(x,k){(v[k]=v[k]||[]).push(String(x))});
f.setAttribute('data-queued-values',JSON.stringify(v));f.setAttribute('data-submit-queued','');f.setAttribute('aria-busy','true');
d.dispatchEvent(new CustomEvent('${EARLY_TAP_EVENT}'));
if(island)onHydrate(island,function(){replaySubmit(f)});else f.addEventListener('ccc:hydrated',function(){replaySubmit(f)},{once:true})},true);
window.__cccLive=function(g,root){performance.mark('ccc:live:'+g);var r=root||d.documentElement,l=(r.getAttribute(A)||'').split(' ');if(l.indexOf(g)<0)r.setAttribute(A,(l.join(' ')+' '+g).trim());
q.slice().forEach(function(c){if(groupOf(c)===g&&r.contains(c))replayClick(c)})};
window.__cccFormLive=function(f){f.setAttribute('data-hydrated','');f.dispatchEvent(new Event('ccc:hydrated'))};
})(document);`;
