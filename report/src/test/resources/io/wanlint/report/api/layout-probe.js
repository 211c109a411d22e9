// Measures the report in the iframe #report once it loaded, and writes what it found as JSON into
// <pre id="probe"> for the test to read from the dumped DOM. Then works the filter bar as a reader would.
window.addEventListener('load', function () {
  'use strict';
  var frame = document.getElementById('report'), d = frame.contentDocument, w = frame.contentWindow;
  var root = d.documentElement, out = {};
  out.viewportWidth = w.innerWidth;
  out.clientWidth = root.clientWidth;
  out.scrollWidth = root.scrollWidth;
  out.scripted = root.className.indexOf('js') >= 0;

  function describe(e) {
    var s = e.tagName.toLowerCase();
    if (e.id) s += '#' + e.id;
    if (e.className && typeof e.className === 'string') s += '.' + e.className.trim().split(/\s+/).join('.');
    return s;
  }
  function scrolls(e) {
    var x = w.getComputedStyle(e).overflowX;
    return x === 'auto' || x === 'scroll' || x === 'hidden';
  }
  function insideScrollBox(e) {
    for (var p = e.parentElement; p && p !== d.body; p = p.parentElement) if (scrolls(p)) return true;
    return false;
  }
  // What sticks out of the page on the right, outside any scroll box: the cause of a horizontal scroll.
  out.overflowing = [];
  Array.prototype.forEach.call(d.body.querySelectorAll('*'), function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > root.clientWidth + 0.5 && !insideScrollBox(e) && out.overflowing.length < 12) {
      out.overflowing.push(describe(e) + ' right=' + Math.round(r.right));
    }
  });

  // Words broken inside table cells ("SER" / "VLET"): a text node drawn on more lines than it has
  // words (hyphens and slashes are break points too). Code may break anywhere and is left out.
  out.brokenWords = [];
  Array.prototype.forEach.call(d.querySelectorAll('th, td'), function (cell) {
    var walker = d.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentElement.closest('code, pre')) continue;
      var words = n.data.trim().split(/[\s\-\/]+/).filter(function (x) { return x.length > 0; }).length;
      if (words === 0) continue;
      var range = d.createRange();
      range.selectNodeContents(n);
      var lines = {};
      Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) lines[Math.round(r.top)] = true; });
      if (Object.keys(lines).length > words && out.brokenWords.length < 12) out.brokenWords.push(n.data.trim());
    }
  });

  // Figures without an explanation: every number cell, summary figure and finding figure has a title.
  out.unexplainedNumbers = [];
  Array.prototype.forEach.call(d.querySelectorAll('td.num, dl.numbers dd, p.rt strong'), function (e) {
    if (!e.closest('[title]') && out.unexplainedNumbers.length < 12) out.unexplainedNumbers.push(describe(e) + ' ' + e.textContent);
  });

  // Graph labels as drawn: the font size times the SVG's scale on screen.
  var texts = d.querySelectorAll('#graph svg text'), sizes = [], declared = [], scales = [];
  Array.prototype.forEach.call(texts, function (t) {
    var m = t.getScreenCTM();
    var scale = m ? Math.sqrt(m.a * m.a + m.b * m.b) : 1;
    var size = parseFloat(w.getComputedStyle(t).fontSize);
    declared.push(size);
    scales.push(scale);
    sizes.push(size * scale);
  });
  function smallest(list) { return list.length ? Math.min.apply(null, list) : null; }
  out.graphLabels = sizes.length;
  out.smallestGraphLabelPx = smallest(sizes);
  out.smallestDeclaredLabelPx = smallest(declared);
  out.smallestGraphScale = smallest(scales);
  var box = d.querySelector('#graph .graph');
  out.graphBoxRight = box ? Math.round(box.getBoundingClientRect().right) : null;

  // The filter bar, as a reader uses it.
  function visibleFindings() {
    return Array.prototype.filter.call(d.querySelectorAll('article.finding'), function (a) {
      return a.getClientRects().length > 0;
    });
  }
  function rulesOf(list) {
    var seen = {};
    list.forEach(function (a) { seen[a.getAttribute('data-rule')] = true; });
    return Object.keys(seen).sort();
  }
  var rule = d.getElementById('filter-rule'), text = d.getElementById('filter-text');
  out.filterShown = !!rule && rule.getClientRects().length > 0;
  out.findings = visibleFindings().length;
  if (rule) {
    rule.value = 'WAN003';
    rule.dispatchEvent(new w.Event('change'));
    var byRule = visibleFindings();
    out.byRule = { shown: byRule.length, rules: rulesOf(byRule), count: d.getElementById('filter-count').textContent };
    rule.value = '';
    rule.dispatchEvent(new w.Event('change'));
    text.value = 'Servlet12 ';
    text.dispatchEvent(new w.Event('input'));
    var byText = visibleFindings();
    out.byText = { shown: byText.length, where: byText.map(function (a) { return a.getAttribute('data-where').split(' ')[0]; }) };
    text.value = '';
    text.dispatchEvent(new w.Event('input'));
    out.afterReset = visibleFindings().length;
  }
  document.getElementById('probe').textContent = JSON.stringify(out);
});
