// Sortable tables: progressive enhancement, the table reads fine without it.
(function () {
  'use strict';
  document.documentElement.className += ' js';
  function key(cell, numeric) {
    var raw = cell.getAttribute('data-sort');
    if (raw === null) raw = cell.textContent.trim();
    if (!numeric) return raw.toLowerCase();
    var n = parseFloat(raw);
    return isNaN(n) ? -Infinity : n;
  }
  var tables = document.querySelectorAll('table.sortable');
  Array.prototype.forEach.call(tables, function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, column) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = th.textContent;
      th.textContent = '';
      th.appendChild(button);
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = th.getAttribute('data-type') === 'number';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a.cells[column], numeric), y = key(b.cells[column], numeric);
          var c = x < y ? -1 : x > y ? 1 : 0;
          return ascending ? c : -c;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });
})();

// Finding filter: rule, severity and words matched against class, component and entry points.
(function () {
  'use strict';
  var form = document.getElementById('finding-filter');
  if (!form) return;
  form.hidden = false;
  form.addEventListener('submit', function (e) { e.preventDefault(); });
  var rule = document.getElementById('filter-rule'), severity = document.getElementById('filter-severity');
  var text = document.getElementById('filter-text'), count = document.getElementById('filter-count');
  var findings = document.querySelectorAll('article.finding');
  function apply() {
    var words = text.value.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
    var shown = 0;
    Array.prototype.forEach.call(findings, function (f) {
      var where = f.getAttribute('data-where') || '';
      var ok = (!rule.value || f.getAttribute('data-rule') === rule.value)
        && (!severity.value || f.getAttribute('data-severity') === severity.value)
        && words.every(function (w) { return where.indexOf(w) >= 0; });
      f.hidden = !ok;
      if (ok) shown++;
    });
    Array.prototype.forEach.call(document.querySelectorAll('section.rule'), function (s) {
      s.hidden = s.querySelector('article.finding:not([hidden])') === null;
    });
    count.textContent = shown + ' of ' + findings.length + ' findings';
  }
  [rule, severity, text].forEach(function (c) { c.addEventListener('input', apply); c.addEventListener('change', apply); });
  apply();
})();
