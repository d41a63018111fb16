import { describe, expect, it } from 'vitest';
import { commentLength, CommentText, isCommentText, ReportCommentRequest } from './comments';

describe('comment text', () => {
  it('counts characters as PostgreSQL does: a surrogate pair once', () => {
    expect(commentLength('abc')).toBe(3);
    expect(commentLength('😀😀')).toBe(2);
    expect(commentLength('a\ud800')).toBe(2);
  });

  it("accepts 1 to 1,000 characters after trimming, keeps inner line breaks and tabs, and refuses the rest with 'Invalid comment'", () => {
    expect(CommentText.parse('  hi\n\tthere  ')).toBe('hi\n\tthere');
    expect(CommentText.parse('😀'.repeat(1000))).toHaveLength(2000);
    for (const bad of ['', '  \n ', 'x'.repeat(1001), '😀'.repeat(1001), 'a\u0000b', 'a\u0007b', 'a\u009bb', 'a\ud800b', 42, null]) {
      const result = CommentText.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(new Set(result.error!.issues.map((i) => i.message))).toEqual(new Set(['validation.commentInvalid']));
    }
  });

  it('keeps format characters such as the right-to-left override', () => {
    expect(isCommentText('a\u202Eb\u200Bc')).toBe(true);
  });

  it('takes a report with no reason, an empty one, or one of up to 500 characters', () => {
    expect(ReportCommentRequest.parse({})).toEqual({});
    expect(ReportCommentRequest.parse({ reason: '  spam ' })).toEqual({ reason: 'spam' });
    expect(ReportCommentRequest.safeParse({ reason: 'r'.repeat(501) }).error?.issues[0]?.message).toBe('validation.reportReasonTooLong');
  });
});
