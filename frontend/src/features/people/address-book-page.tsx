import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressCard } from '../../../../contracts/schemas/members.ts';
import { call } from '../../lib/api-client.ts';
import { useCursorPages } from '../../lib/use-cursor-pages.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

const PAGE_SIZE = 24;

/** Digits and a leading + only: what a tel: link dials. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * `address-book`: the members' contact cards in name order. Phone, mobile and e-mail appear only
 * for members who agreed to share them; the others show their name and callsign.
 */
export default function AddressBookPage() {
  const { t } = useTranslation(['people', 'common', 'nav']);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const pages = useCursorPages<AddressCard>(
    (cursor) => call('listAddressBook', { query: { cursor, limit: PAGE_SIZE, q: q || undefined } }),
    q,
  );

  const contact = (value: string | null, href: string) =>
    value ? (
      <Link href={href} external={false}>
        {value}
      </Link>
    ) : (
      <Box color="text-status-inactive">—</Box>
    );

  return (
    <Cards
      data-testid="address-book"
      variant="full-page"
      items={pages.items}
      trackBy="user_id"
      loading={pages.loading}
      loadingText={t('address_book.loading')}
      cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 960, cards: 3 }]}
      header={
        <Header variant="awsui-h1-sticky" description={t('address_book.description')}>
          {t('nav:title.address_book')}
        </Header>
      }
      filter={
        <TextFilter
          filteringText={text}
          filteringPlaceholder={t('address_book.filter_placeholder')}
          filteringAriaLabel={t('address_book.filter_placeholder')}
          onChange={({ detail }) => setText(detail.filteringText)}
          data-testid="address-book-filter"
        />
      }
      pagination={
        <Pagination
          currentPageIndex={pages.pageNumber}
          pagesCount={pages.pagesCount}
          openEnd={pages.hasMore}
          onChange={({ detail }) => pages.goTo(detail.currentPageIndex)}
          disabled={pages.loading}
        />
      }
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          {pages.failed ? (
            <SpaceBetween size="s">
              <span>{t('address_book.load_failed')}</span>
              <Button onClick={pages.reload}>{t('common:action.retry')}</Button>
            </SpaceBetween>
          ) : (
            <b>{q ? t('address_book.no_match') : t('address_book.empty')}</b>
          )}
        </Box>
      }
      cardDefinition={{
        header: (card) => <span data-testid={`card-${card.user_id}`}>{card.user_name}</span>,
        sections: [
          {
            id: 'contact',
            content: (card) => (
              <KeyValuePairs
                columns={2}
                items={[
                  { label: t('field.callsign'), value: card.callsign ?? '—' },
                  ...(card.shares_contact
                    ? [
                        {
                          label: t('field.phone'),
                          value: contact(card.phone, `tel:${dialable(card.phone ?? '')}`),
                        },
                        {
                          label: t('field.mobile'),
                          value: contact(card.mobile, `tel:${dialable(card.mobile ?? '')}`),
                        },
                        { label: t('field.email'), value: contact(card.email, `mailto:${card.email ?? ''}`) },
                      ]
                    : [
                        {
                          label: t('address_book.contact'),
                          value: (
                            <Box color="text-status-inactive" data-testid={`card-${card.user_id}-private`}>
                              {t('address_book.not_shared')}
                            </Box>
                          ),
                        },
                      ]),
                ]}
              />
            ),
          },
        ],
      }}
    />
  );
}
