/**
 * Typed translation keys: i18next checks every `t('namespace:key')` against the English strings
 * (the source language of every locale file), so a key no locale has is a type error, not a raw
 * key on screen. Keys built at run time go through `dynamicKey` (lib/i18n-keys.ts).
 */
import type aircraft from './locales/en/aircraft.json';
import type airports from './locales/en/airports.json';
import type auth from './locales/en/auth.json';
import type calendar from './locales/en/calendar.json';
import type common from './locales/en/common.json';
import type dailyFlight from './locales/en/daily-flight.json';
import type dashboard from './locales/en/dashboard.json';
import type developer from './locales/en/developer.json';
import type documents from './locales/en/documents.json';
import type faults from './locales/en/faults.json';
import type finance from './locales/en/finance.json';
import type flights from './locales/en/flights.json';
import type fuel from './locales/en/fuel.json';
import type help from './locales/en/help.json';
import type ledger from './locales/en/ledger.json';
import type legal from './locales/en/legal.json';
import type logbook from './locales/en/logbook.json';
import type lookups from './locales/en/lookups.json';
import type maintenance from './locales/en/maintenance.json';
import type messageCenter from './locales/en/message-center.json';
import type messages from './locales/en/messages.json';
import type modules from './locales/en/modules.json';
import type nav from './locales/en/nav.json';
import type notifications from './locales/en/notifications.json';
import type operatingDays from './locales/en/operating-days.json';
import type organization from './locales/en/organization.json';
import type organizations from './locales/en/organizations.json';
import type people from './locales/en/people.json';
import type pricing from './locales/en/pricing.json';
import type profile from './locales/en/profile.json';
import type quiz from './locales/en/quiz.json';
import type recency from './locales/en/recency.json';
import type registration from './locales/en/registration.json';
import type reports from './locales/en/reports.json';
import type reservations from './locales/en/reservations.json';
import type roles from './locales/en/roles.json';
import type search from './locales/en/search.json';
import type statistics from './locales/en/statistics.json';
import type tracking from './locales/en/tracking.json';
import type training from './locales/en/training.json';
import type winch from './locales/en/winch.json';
import type work from './locales/en/work.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      aircraft: typeof aircraft;
      airports: typeof airports;
      auth: typeof auth;
      common: typeof common;
      'daily-flight': typeof dailyFlight;
      dashboard: typeof dashboard;
      developer: typeof developer;
      documents: typeof documents;
      faults: typeof faults;
      reports: typeof reports;
      finance: typeof finance;
      flights: typeof flights;
      fuel: typeof fuel;
      help: typeof help;
      ledger: typeof ledger;
      legal: typeof legal;
      logbook: typeof logbook;
      lookups: typeof lookups;
      maintenance: typeof maintenance;
      'message-center': typeof messageCenter;
      messages: typeof messages;
      modules: typeof modules;
      nav: typeof nav;
      notifications: typeof notifications;
      'operating-days': typeof operatingDays;
      calendar: typeof calendar;
      organization: typeof organization;
      organizations: typeof organizations;
      people: typeof people;
      pricing: typeof pricing;
      profile: typeof profile;
      quiz: typeof quiz;
      recency: typeof recency;
      registration: typeof registration;
      reservations: typeof reservations;
      roles: typeof roles;
      search: typeof search;
      statistics: typeof statistics;
      tracking: typeof tracking;
      training: typeof training;
      work: typeof work;
      winch: typeof winch;
    };
  }
}
