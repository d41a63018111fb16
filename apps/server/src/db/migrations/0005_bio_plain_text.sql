-- Bios were stored as sanitize-html's output, i.e. HTML-escaped text ("a &gt; b"), and the page escaped them a
-- second time. They are stored as plain text from now on (account.service.ts sanitizeBio); this turns the rows
-- written before into the text their owners typed. Every "&" of such a row starts one of the three escapes
-- sanitize-html writes (&amp; &lt; &gt;), so undoing &lt; and &gt; first and &amp; last is exact ("&amp;lt;" → "&lt;").
UPDATE "profiles"
SET "bio" = replace(replace(replace("bio", '&lt;', '<'), '&gt;', '>'), '&amp;', '&')
WHERE "bio" LIKE '%&%';
