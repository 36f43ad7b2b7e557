with customers as (
    select * from {{ ref('stg_shop__customers') }}
),
orders as (
    select * from {{ ref('stg_shop__orders') }}
),
payments as (
    select * from {{ ref('stg_stripe__payments') }}
),
order_totals as (
    select orders.customer_id, count(distinct orders.order_id) as number_of_orders, sum(payments.amount) as lifetime_value
    from orders left join payments on payments.order_id = orders.order_id
    group by 1
)
select
    cast(customers.customer_id as integer) as customer_id,
    cast(customers.first_name as varchar) as first_name,
    cast(customers.last_name as varchar) as last_name,
    cast(coalesce(order_totals.number_of_orders, 0) as integer) as number_of_orders,
    cast(coalesce(order_totals.lifetime_value, 0) as decimal(18, 2)) as lifetime_value
from customers
left join order_totals on order_totals.customer_id = customers.customer_id
