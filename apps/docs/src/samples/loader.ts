/**
 * The reference page's part of the samples: a row of language tabs at the top of each operation's
 * right-hand panel (as Redoc draws it, again whenever it draws one). The samples file is fetched when
 * a person first opens a tab; the language chosen then opens on every operation, as Redoc's own menu
 * did. Plain ES5 in a string: it runs in the page as written.
 */
export function samplesLoader(file: string, routes: Record<string, string>, labels: string[]): string {
  return `<script>(function(){var r=${JSON.stringify(routes)},L=${JSON.stringify(labels)},f=${JSON.stringify(file)},data,chosen;
function load(){return data||(data=fetch(f).then(function(x){if(!x.ok)throw new Error(f+" answered "+x.status);return x.json()}))}
function el(t,c,x){var e=document.createElement(t);if(c)e.className=c;if(x)e.textContent=x;return e}
function block(id){var d=el("div","tas-samples"),t=el("div","tas-sample-tabs");d.setAttribute("data-samples",id);t.setAttribute("role","tablist");t.setAttribute("aria-label","Code samples");
L.forEach(function(l){var b=el("button","",l);b.type="button";b.setAttribute("role","tab");b.setAttribute("aria-selected","false");t.appendChild(b)});
d.appendChild(el("p","tas-sample-hint","Code samples: choose a language"));d.appendChild(t);return d}
function show(d,l){d.querySelectorAll("[role=tab]").forEach(function(b){b.setAttribute("aria-selected",String(b.textContent===l))});d.setAttribute("aria-busy","true");
return load().then(function(all){var s=(all[d.getAttribute("data-samples")]||[]).filter(function(x){return x.label===l})[0];d.removeAttribute("aria-busy");
var o=d.querySelector(".tas-sample");if(o)o.remove();if(!s)return;var w=el("div","tas-sample"),c=el("button","tas-sample-copy","Copy"),p=el("pre"),k=el("code");
s.source.replace(/\\n$/,"").split("\\n").forEach(function(x){k.appendChild(el("span","line",x+"\\n"))});
c.type="button";c.setAttribute("aria-label","Copy the "+l+" sample");c.onclick=function(){navigator.clipboard.writeText(s.source).then(function(){c.textContent="Copied"})};
p.setAttribute("data-lang",l);p.appendChild(k);w.appendChild(c);w.appendChild(p);d.appendChild(w)}).catch(function(e){d.removeAttribute("aria-busy");d.querySelector(".tas-sample-hint").textContent="The samples could not load: "+e.message})}
function add(){for(var id in r){var s=document.querySelector('[data-section-id="'+r[id]+'"] [data-testid="right-panel"]');if(s&&!s.querySelector(".tas-samples")){var d=block(id);s.insertBefore(d,s.firstChild);if(chosen)show(d,chosen)}}}
document.addEventListener("DOMContentLoaded",function(){add();new MutationObserver(add).observe(document.getElementById("redoc")||document.body,{childList:true,subtree:true})});
document.addEventListener("click",function(e){var b=e.target.closest&&e.target.closest(".tas-samples [role=tab]");if(!b)return;chosen=b.textContent;document.querySelectorAll(".tas-samples").forEach(function(d){show(d,chosen)})});
})();</script>`;
}

/** The tabs look like tabs and take a finger; code wraps inside the panel, its copy button above it. */
export const SAMPLES_STYLE = `<style>.tas-samples{margin:0 0 1em;font:14px/1.4 system-ui,sans-serif}.tas-sample-hint{margin:0 0 .4em;color:#57606a}
.tas-sample-tabs{display:flex;flex-wrap:wrap;gap:4px;border-bottom:2px solid #d8dee4}
.tas-sample-tabs button{min-height:40px;min-width:44px;padding:.3em .8em;font:600 14px/1.2 system-ui,sans-serif;color:#1f2d3d;background:#eef1f4;border:0;border-radius:6px 6px 0 0;cursor:pointer}
.tas-sample-tabs button[aria-selected="true"]{color:#fff;background:#1f2d3d}
.tas-sample{margin-top:.5em}.tas-sample-copy{display:block;margin:0 0 4px auto;min-height:36px;padding:.2em .9em;font:600 13px/1.2 system-ui,sans-serif;background:#fff;border:1px solid #8c959f;border-radius:6px;cursor:pointer}
.tas-sample .line{display:block;padding-left:4ch;text-indent:-4ch}.tas-sample pre{margin:0;padding:12px;background:#1f2d3d;color:#f0f3f6;border-radius:6px;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere}</style>`;
