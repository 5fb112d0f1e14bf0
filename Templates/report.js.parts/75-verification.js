// ---- Verification: frames the app's state digests do not vouch for ----
// Provides R.drawVerification() (marks the frames from the first
// state-mismatch on, on the phone and in the notice).
TodoReport.part(function verification(R) {
  'use strict';

  var view = R.$('frame-view'), count = R.count;
  // A page from older templates has neither the attribute nor the notice: nothing is marked.
  var unverifiedFrom = view.dataset.unverifiedFrom ? Number(view.dataset.unverifiedFrom) : null;
  var unverifiedNote = R.$('unverified');

  R.drawVerification = function () {
    var unverified = unverifiedFrom !== null && R.current >= unverifiedFrom;
    view.dataset.verified = unverified ? 'false' : 'true';
    if (unverifiedNote) unverifiedNote.hidden = !unverified;
  };

  (function drawUnverifiedSpan() {
    var span = R.$('unverified-span');
    if (unverifiedFrom === null || !span) return;
    span.style.left = 'calc(8px + ' + (count > 1 ? (unverifiedFrom / (count - 1)) : 0) + ' * (100% - 16px))';
    span.setAttribute('aria-hidden', 'true');  // the notice says it in words
    span.hidden = false;
  })();
});
