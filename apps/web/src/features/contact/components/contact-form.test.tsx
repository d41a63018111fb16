import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import enContact from '@/locales/en/contact.json';
import { initTestI18n } from '@/test/i18n';
import { mockApi, renderWithProviders } from '@/test/providers';
import { ContactForm } from './contact-form';

beforeAll(async () => {
  await initTestI18n('en');
  i18next.addResourceBundle('en', 'contact', enContact);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactForm', () => {
  it('shows the translated message of each missing field and sends nothing', async () => {
    const api = mockApi(() => ({ received: true }));
    renderWithProviders(<ContactForm sender={{ name: '', email: '' }} onSent={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('E-mail is required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api).not.toHaveBeenCalled();
  });

  it('counts the message’s characters and refuses more than 5,000', async () => {
    renderWithProviders(<ContactForm sender={{ name: 'Robin', email: 'robin@example.com' }} onSent={vi.fn()} />);
    type('Message', 'Hello there!');
    expect(screen.getByTestId('contact-counter').textContent).toBe('12 / 5,000');
    type('Message', 'x'.repeat(5001));
    fireEvent.blur(screen.getByLabelText('Message'));
    expect(await screen.findByText('Message must be at most 5,000 characters')).toBeTruthy();
    expect(screen.getByTestId('contact-counter').textContent).toBe('5,001 / 5,000');
  });

  it('sends the prefilled sender’s message with the language, then reports it sent', async () => {
    const api = mockApi(() => ({ received: true }));
    const onSent = vi.fn();
    renderWithProviders(<ContactForm sender={{ name: 'Nico Robin', email: 'robin@example.com' }} onSent={onSent} />);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Nico Robin');
    type('Subject', 'Poneglyph');
    type('Message', 'Line one\nLine two');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith({ name: 'Nico Robin', email: 'robin@example.com' }));
    const [url, init] = api.mock.calls[0]!;
    expect(String(url)).toBe('/api/contact');
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Nico Robin', email: 'robin@example.com', subject: 'Poneglyph', message: 'Line one\nLine two', website: '', locale: 'en' });
  });

  it('says so when the hourly limit is reached', async () => {
    mockApi(() => ({ status: 429, code: 'RATE_LIMITED' }));
    const onSent = vi.fn();
    renderWithProviders(<ContactForm sender={{ name: 'Robin', email: 'robin@example.com' }} onSent={onSent} />);
    type('Subject', 'Again');
    type('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(enContact.form.rateLimited)).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
  });
});
