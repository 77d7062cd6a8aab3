import { CustomAttributeType, Entity } from 'electrodb';
import { ENTRY_SOURCES, FLIGHT_CHARGE_STATES, PAYER_MODES } from '../../contracts/schemas/finance.ts';
import {
  AMOUNT_SOURCES,
  CADENCES,
  MEMBERSHIP_TYPES,
  type MembershipType,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  SCHEDULED_TRANSACTION_TYPES,
  TARIFF_STATUSES,
  TRANSACTION_TYPES,
} from '../../contracts/schemas/finance-enums.ts';
import { versionedRecord } from '../platform/db/attributes.ts';

/**
 * The finance domain (spec §3 Transaction, Membership; issue 14; DESIGN §4 "Balances are a ledger").
 * Everything is organization-owned (`org#<id>`): a member's money is with the club.
 *
 * The ledger is append-only. An entry is never edited or deleted; a rollback is a reversing entry
 * that points at the original. Every entry has a deterministic id from what it posts (a flight's
 * version and payer, a schedule's period and member, a payment), and is created only where absent,
 * in the SAME TransactWrite that ADDs its amount to the member's balance and month: a retried
 * posting posts nothing, and a balance always equals the sum of its entries.
 */
const service = 'windsock';
const now = () => new Date().toISOString();

/** One posting of the ledger. Money in minor units of `currency_id`, signed (a charge is negative). */
export const ledgerEntry = new Entity({
  model: { entity: 'ledgerEntry', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    entry_id: { type: 'string', required: true },
    /** The day it counts on (yyyy-mm-dd): a flight's operating day, a run's day, the day paid. */
    date: { type: 'string', required: true },
    transaction_type: { type: TRANSACTION_TYPES, required: true },
    amount: { type: 'number', required: true },
    currency_id: { type: 'string', required: true },
    comment: { type: 'string' },
    source: { type: ENTRY_SOURCES, required: true },
    /** The flight, schedule or payment it came from. */
    source_id: { type: 'string' },
    /** A reversal: the entry it takes back. */
    reversal_of: { type: 'string' },
    /** Set once on an original when it is taken back (the reversal's id): the only change an entry sees. */
    reversed_by: { type: 'string' },
    /** A flight charge's explanation (contracts/schemas/tariffs.ts chargeExplanation). */
    explanation: { type: 'any' },
    /** Who typed it in; absent for what the product posted (a flight, a run, a payment). */
    created_by: { type: 'string' },
    created_at: { type: 'string', required: true, default: now },
  },
  indexes: {
    /** A member's statement: their entries by day (user/{user_id}/transactions, profile/transactions). */
    byMember: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#member#${user_id}#ledger',
      },
      sk: { field: 'sk', composite: ['date', 'entry_id'], template: 'entry#${date}#${entry_id}' },
    },
    /** The organization's ledger by day (transactions, the exports). */
    byDate: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['organization_id'], template: 'org#${organization_id}#ledger' },
      sk: { field: 'gsi1sk', composite: ['date', 'entry_id'], template: '${date}#${entry_id}' },
    },
    /** One entry by its id (transaction/view/{id}, a rollback). */
    byId: {
      index: 'gsi2',
      pk: {
        field: 'gsi2pk',
        composite: ['organization_id', 'entry_id'],
        template: 'org#${organization_id}#entry#${entry_id}',
      },
      sk: { field: 'gsi2sk', composite: [], template: '#entry' },
    },
  },
});

/**
 * A member's balance with the organization: the sum of their entries, kept by ADD in every
 * posting's transaction. Listed together (balances, the debtor list, the monthly statements).
 */
export const memberBalance = new Entity({
  model: { entity: 'memberBalance', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    balance: { type: 'number', required: true, default: 0 },
    entries: { type: 'number', required: true, default: 0 },
    /** When the member was last told their balance is below the minimum (once a week at most). */
    low_notified_at: { type: 'string' },
    updated_at: { type: 'string', required: true, default: now, watch: '*', set: () => now() },
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#balances' },
      sk: { field: 'sk', composite: ['user_id'], template: 'member#${user_id}' },
    },
  },
});

/**
 * A member's postings in one month (ADDed with each entry): a balance at a past day is the balance
 * now less the months after it and that month's entries after the day — a few Queries, never the
 * whole history. Also read across the organization for the export's opening balances.
 */
export const ledgerMonth = new Entity({
  model: { entity: 'ledgerMonth', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** yyyy-mm */
    month: { type: 'string', required: true },
    amount: { type: 'number', required: true, default: 0 },
    entries: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byMonth: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#ledger-months' },
      sk: { field: 'sk', composite: ['month', 'user_id'], template: 'month#${month}#${user_id}' },
    },
    byMember: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#member#${user_id}#months',
      },
      sk: { field: 'gsi1sk', composite: ['month'], template: 'month#${month}' },
    },
  },
});

/**
 * What a flight's charge is now (issue 14 §2, §5): the flight version it was priced at, the entries
 * that stand, the explanation, the tariff, and who pays (the default payer, a choice or a split, or
 * nobody). The consumer of `flight.changed` reconciles this with the flight as it is, on `version`.
 */
export const flightCharge = new Entity({
  model: { entity: 'flightCharge', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    flight_id: { type: 'string', required: true },
    state: { type: FLIGHT_CHARGE_STATES, required: true, default: 'not_charged' },
    /** The flight's version the entries stand for (its deletion's, once deleted). */
    priced_version: { type: 'number' },
    date: { type: 'string' },
    explanation: { type: 'any' },
    /** The entries posted for the flight that have not been taken back. */
    entries: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          entry_id: { type: 'string', required: true },
          user_id: { type: 'string', required: true },
          amount: { type: 'number', required: true },
          date: { type: 'string', required: true },
        },
      },
    },
    /** What the standing charge counted against caps (to give back when it is taken back). */
    caps: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          user_id: { type: 'string', required: true },
          key: { type: 'string', required: true },
          amount: { type: 'number', required: true },
        },
      },
    },
    /** The tariff it was priced with: a correction keeps it; a recalculation takes today's. */
    tariff_id: { type: 'string' },
    payers_mode: { type: PAYER_MODES, required: true, default: 'default' },
    payers: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          user_id: { type: 'string', required: true },
          percent: { type: 'number', required: true },
        },
      },
    },
    ...versionedRecord,
  },
  indexes: {
    byFlight: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#flight-charges' },
      sk: { field: 'sk', composite: ['flight_id'], template: 'flight#${flight_id}' },
    },
  },
});

/** What a payer has been charged against one cap (a rule's day or year, an aircraft's day), versioned. */
export const capUsage = new Entity({
  model: { entity: 'capUsage', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    key: { type: 'string', required: true },
    used: { type: 'number', required: true, default: 0 },
    version: { type: 'number', required: true, default: 1 },
  },
  indexes: {
    byKey: {
      pk: {
        field: 'pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#member#${user_id}#caps',
      },
      sk: { field: 'sk', composite: ['key'], template: 'cap#${key}' },
    },
  },
});

/** A price list (issue 14 §3): rules as data, edited as a draft, then published from a day on and never changed. */
export const tariff = new Entity({
  model: { entity: 'tariff', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    tariff_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    status: { type: TARIFF_STATUSES, required: true, default: 'draft' },
    /** yyyy-mm-dd: flights from this day on are priced with it (published tariffs only). */
    valid_from: { type: 'string' },
    published_at: { type: 'string' },
    notes: { type: 'string' },
    /** contracts/schemas/tariffs.ts priceRule[] */
    rules: { type: 'any', required: true, default: () => [] },
    created_by: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#tariffs' },
      sk: { field: 'sk', composite: ['tariff_id'], template: 'tariff#${tariff_id}' },
    },
  },
});

/** Spec §3 Membership: a member's membership of a type over dates, with its fees and notification choices. */
export const financeMembership = new Entity({
  model: { entity: 'financeMembership', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    membership_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    membership_type: { type: MEMBERSHIP_TYPES, required: true },
    membership_name: { type: 'string' },
    start_date: { type: 'string', required: true },
    end_date: { type: 'string' },
    membership_fee: { type: 'number' },
    discount_fee: { type: 'number' },
    full_fee: { type: 'number' },
    yearly_membership_fee: { type: 'number' },
    membership_free: { type: 'boolean', required: true, default: false },
    automatic_membership_fee_deduction_on: { type: 'boolean', required: true, default: false },
    balance_min: { type: 'number' },
    balance_notification_on: { type: 'boolean', required: true, default: true },
    balance_summary_notification_on: { type: 'boolean', required: true, default: false },
    vote: { type: 'boolean', required: true, default: false },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#memberships' },
      sk: { field: 'sk', composite: ['membership_id'], template: 'membership#${membership_id}' },
    },
    byMember: {
      index: 'gsi1',
      pk: {
        field: 'gsi1pk',
        composite: ['organization_id', 'user_id'],
        template: 'org#${organization_id}#member#${user_id}#memberships',
      },
      sk: {
        field: 'gsi1sk',
        composite: ['start_date', 'membership_id'],
        template: 'start#${start_date}#${membership_id}',
      },
    },
  },
});

/**
 * A scheduled (recurring) transaction (spec §3, §4 "Scheduled transactions run"). `next_run_date`
 * ('' once it has ended) puts it on the due index the daily job reads, across organizations.
 */
export const schedule = new Entity({
  model: { entity: 'schedule', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    schedule_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    transaction_type: { type: SCHEDULED_TRANSACTION_TYPES, required: true },
    amount_source: { type: AMOUNT_SOURCES, required: true },
    amount: { type: 'number' },
    user_ids: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    membership_types: {
      type: 'list',
      items: { type: CustomAttributeType<MembershipType>('string') },
      required: true,
      default: () => [],
    },
    cadence: { type: CADENCES, required: true },
    day_of_month: { type: 'number', required: true },
    month: { type: 'number', required: true },
    start_date: { type: 'string', required: true },
    end_date: { type: 'string' },
    comment: { type: 'string' },
    /** The next day it runs on; '' when it has ended (kept present: the due index needs it). */
    next_run_date: { type: 'string', required: true, default: '' },
    last_run_period: { type: 'string' },
    last_billing_at: { type: 'string' },
    /** The last runs, newest first (at most 24). */
    runs: { type: 'any', required: true, default: () => [] },
    created_by: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#schedules' },
      sk: { field: 'sk', composite: ['schedule_id'], template: 'schedule#${schedule_id}' },
    },
    /** Every organization's schedules by the day they run next (the daily job); ended ones are not in it. */
    due: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'finance#schedules-due' },
      sk: {
        field: 'gsi1sk',
        composite: ['next_run_date', 'organization_id', 'schedule_id'],
        template: '${next_run_date}#${organization_id}#${schedule_id}',
      },
      condition: (attributes) =>
        typeof attributes.next_run_date === 'string' && attributes.next_run_date !== '',
    },
  },
});

/** A card top-up (issue 14 §8): written pending before the member goes to the provider, settled by its webhook. */
export const payment = new Entity({
  model: { entity: 'payment', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    payment_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    provider: { type: PAYMENT_PROVIDERS, required: true },
    status: { type: PAYMENT_STATUSES, required: true, default: 'pending' },
    amount: { type: 'number', required: true },
    currency_id: { type: 'string', required: true },
    /** The provider's checkout session. */
    session_id: { type: 'string' },
    checkout_url: { type: 'string' },
    /** The provider's event that settled it. */
    event_id: { type: 'string' },
    completed_at: { type: 'string' },
    ...versionedRecord,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#payments' },
      sk: { field: 'sk', composite: ['payment_id'], template: 'payment#${payment_id}' },
    },
  },
});

/**
 * A notice the product sent once per period (a monthly statement, issue 14 §7): created before the
 * mail goes, so a job run twice sends it once. Expires after a year.
 */
export const financeNotice = new Entity({
  model: { entity: 'financeNotice', version: '1', service },
  attributes: {
    organization_id: { type: 'string', required: true },
    notice_id: { type: 'string', required: true },
    sent_at: { type: 'string', required: true, default: now },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['organization_id'], template: 'org#${organization_id}#finance-notices' },
      sk: { field: 'sk', composite: ['notice_id'], template: 'notice#${notice_id}' },
    },
  },
});
