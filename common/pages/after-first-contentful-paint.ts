/**
 * Inline JavaScript that calls `start` (a function's source) once, when the browser reports the
 * page's first contentful paint: the one moment both React Router's scripts
 * (scripts-after-first-paint.ts, decision 20) and the islands' (root.tsx, decision 21) start. Not after the first frame: a frame's callbacks run
 * before its pixels are shown, so on a phone the scripts were downloading while the first paint
 * was still on its way. A page opened in a background tab starts at once (it paints nothing), a
 * browser without paint timing after the next frame; the page's `load` is a last resort.
 */
// Plain string building, no Node module: the root layout uses it, in the browser build too.
export function afterFirstContentfulPaint(start: string): string {
  const fcp = `getEntriesByName("first-contentful-paint").length`;
  return `(()=>{let done=false;const start=()=>{if(!done){done=true;(${start})()}};if(document.visibilityState!=="visible"||performance.${fcp})start();else{try{new PerformanceObserver((list,observer)=>{if(list.${fcp}){observer.disconnect();setTimeout(start)}}).observe({type:"paint"})}catch{requestAnimationFrame(()=>setTimeout(start))}addEventListener("load",()=>setTimeout(start,500))}})()`;
}
