// The Create user form: each field's problem in the user's words, and the server's refusals
// placed by the field they are about, saying what to change.
import { describe, expect, it } from 'vitest';
import { newUserProblems, placeRefusal } from '../../../renderer/src/screens/admin/create-user';

describe('creating a user', () => {
  it('says what is wrong with each field', () => {
    expect(newUserProblems({ email: '', full_name: '', password: '' })).toEqual({
      email: 'Enter their email address.',
      full_name: 'Enter their full name, as others will see it.',
      password: 'Choose a first password; they can change it after signing in.',
    });
    for (const email of ['nora', 'nora@', '@demo.example', 'nora@demo', 'no ra@demo.example']) {
      expect(newUserProblems({ email, full_name: 'Nora', password: 'p' }).email).toBe(`“${email}” is not an email address: it should look like name@example.com.`);
    }
    expect(newUserProblems({ email: ' nora@demo.example ', full_name: 'Nora', password: 'p' })).toEqual({});
  });

  it('puts a refusal by the field it names, with what to change', () => {
    expect(placeRefusal('Email is already in use.')).toEqual({ field: 'email', text: 'Email is already in use. Use another email address.' });
    expect(placeRefusal('Email is already in use')).toEqual({ field: 'email', text: 'Email is already in use. Use another email address.' });
    expect(placeRefusal('User not authorized to create users')).toMatchObject({ text: expect.stringContaining('invite people with a reusable invitation link') });
    expect(placeRefusal('User not authorized to create users').field).toBeUndefined();
    expect(placeRefusal('Something else')).toEqual({ text: 'The server refused: Something else' });
  });
});
